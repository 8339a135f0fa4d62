import type { OwnEidReviewState } from './eidReview';
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
  /**
   * The latest eID review of a company user: 'open' while a LumioAdmin checks it, 'rejected' when
   * the card was not bound (issue 25: the tile and the verify screen say why and what next).
   * Optional for the same reason as secondFactor; absent reads as none.
   */
  eidReview?: OwnEidReviewState | null;
  /**
   * The reviewer's reason while eidReview is 'rejected' (issue 25), else null. Beside eidReview
   * rather than inside it, so a web app of the release before reads the answer unchanged.
   */
  eidReviewReason?: string | null;
}

/** The name shown on the header's profile button; the e-mail stands in while names are empty. */
export function displayName(self: Pick<Self, 'firstName' | 'lastName' | 'email'>): string {
  const name = `${self.firstName} ${self.lastName}`.trim();
  return name || self.email;
}
