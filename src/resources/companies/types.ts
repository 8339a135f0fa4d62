/** Company of spec section 3, as GET /api/company and /api/company/{id} answer. */
export interface Company {
  id: string;
  name: string;
  legalForm: string;
  address: string;
  country: string;
  phoneNumber: string;
  phoneNumber2: string | null;
  website: string | null;
  memberId: string | null;
}

/** Studio of a company: GET /api/company/{id}/store. */
export interface Store {
  id: string;
  name: string;
  address: string;
  country: string;
  /** The system integrator that serves the studio, if any. */
  systemIntegratorId?: string | null;
  systemIntegrator?: { id: string; name: string; code: string } | null;
}
