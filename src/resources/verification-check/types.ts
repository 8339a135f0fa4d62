import type { IdentityField } from '../../domain/eid';
import type { Role, UserStatus } from '../../domain/roles';

/** Row of GET /api/eid-review (open reviews only). */
export interface EidReviewListItem {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  companyId: string;
  companyName: string;
  /** ISO timestamp: when the binding found the differing data. */
  createdAt: string;
}

/** GET /api/eid-review/{id}: the profile beside the ID's data, and where they differ. */
export interface EidReview {
  id: string;
  createdAt: string;
  user: {
    id: string;
    salutation: string | null;
    firstName: string;
    lastName: string;
    /** ISO date "YYYY-MM-DD" or null. */
    birthDate: string | null;
    email: string;
    role: Role;
    status: UserStatus;
    companyId: string;
    companyName: string;
  };
  document: {
    givenNames: string;
    familyName: string;
    /** ISO date "YYYY-MM-DD". */
    birthDate: string;
    documentType: string;
  };
  differences: IdentityField[];
}

export const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();
