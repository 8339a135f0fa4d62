import type { Role, UserStatus } from './roles';

/** Answer of GET /api/self: who the signed-in user is (team contract, spec section 7). */
export interface Self {
  id: string;
  firstName: string;
  lastName: string;
  salutation: string | null;
  email: string;
  /** ISO date "YYYY-MM-DD". */
  birthDate: string | null;
  role: Role;
  status: UserStatus;
  /** Company id for company roles, system-integrator id for SystemIntegratorAdmin, else null. */
  associatedEntity: { id: string } | null;
  /**
   * Whether an authenticator app is set up as the second login factor. The API always sends it;
   * optional so that the many test fixtures of a Self need not spell it out (absent reads as false).
   */
  secondFactor?: boolean;
}

/** The name shown on the header's profile button; the e-mail stands in while names are empty. */
export function displayName(self: Pick<Self, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${self.firstName} ${self.lastName}`.trim();
  return name || self.email;
}
