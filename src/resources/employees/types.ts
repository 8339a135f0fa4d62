import type { Role, UserStatus } from '../../domain/roles';

/** A person of the company, as GET /api/company/{id}/user and …/user/{userId} answer. */
export interface Employee {
  id: string;
  salutation: string | null;
  firstName: string;
  lastName: string;
  email: string;
  /** yyyy-MM-dd */
  birthDate: string | null;
  role: Role;
  status: UserStatus;
}

/** The person's name as the dialogs and the history name them. */
export const fullName = (person: Pick<Employee, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();
