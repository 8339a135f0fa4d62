import type { ApplicationDecision } from '../../dataProvider';

/** Statuses of spec section 4; only 'Open' applications are reviewed. */
export type ApplicationStatus = 'Unconfirmed' | 'Open' | ApplicationDecision;

/** Row of GET /api/company-application (the 'Offene Anträge' list). */
export interface OpenApplicationListItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  legalForm: string;
  lastModifiedAt: string;
}

export interface ApplicationDocument {
  id: string;
  name: string;
}

export interface ApplicationStore {
  name: string;
  address: string;
  country: string;
}

/** GET /api/company-application/{id}: spec "Company application (read)" plus its status. */
export interface CompanyApplication {
  id: string;
  status: ApplicationStatus;
  salutation: string;
  firstName: string;
  lastName: string;
  /** ISO date "YYYY-MM-DD". */
  birthDate: string;
  email: string;
  companyName: string;
  legalForm: string;
  address: string;
  country: string;
  phoneNumber: string;
  phoneNumber2: string | null;
  website: string | null;
  memberId: string | null;
  /** ISO timestamp of the last change (for an open application: when it was confirmed). */
  lastModifiedAt: string;
  documents: ApplicationDocument[];
  stores: ApplicationStore[];
}

export const REVIEWABLE_STATUS: ApplicationStatus = 'Open';
