import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ownEidReviewReason, ownEidReviewState, type OwnEidReviewState } from '../../../src/domain/eidReview';
import { isCompanyRole } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { eidReviewRepository } from '../eid-reviews/eid-reviews.repository';
import { unauthorized } from '../../errors';
import { errorResponses } from '../../lib/responses';
import { userOf } from '../../plugins/auth';
import { selfSchema } from './self.schemas';
import { API_TAG } from '../../lib/api-tags';

/** What the self answer reads beyond the user row. */
export interface SelfExtras {
  secondFactor: boolean;
  eidReview: OwnEidReview;
}

/** Where the own latest eID review stands and, after a rejection, why. */
export interface OwnEidReview {
  state: OwnEidReviewState | null;
  reason: string | null;
}

/** The self answer of a user row: the same shape wherever a call answers with the own profile. */
export function selfAnswer(user: UserRow, { secondFactor, eidReview }: SelfExtras): z.infer<typeof selfSchema> {
  const entityId = isCompanyRole(user.role)
    ? user.companyId
    : user.role === 'SystemIntegratorAdmin'
      ? user.systemIntegratorId
      : null;
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    salutation: user.salutation,
    email: user.email,
    birthDate: user.birthDate,
    role: user.role,
    status: user.status,
    associatedEntity: entityId ? { id: entityId } : null,
    secondFactor,
    eidReview: eidReview.state,
    eidReviewReason: eidReview.reason,
  };
}

/** Where a company user's latest eID review stands; others have none. */
export async function ownEidReview(db: DbOrTx, user: Pick<UserRow, 'id' | 'role'>): Promise<OwnEidReview> {
  if (!isCompanyRole(user.role)) return { state: null, reason: null };
  const latest = await eidReviewRepository(db).latestOf(user.id);
  return { state: ownEidReviewState(latest), reason: ownEidReviewReason(latest) };
}

/** Whether the user has a second factor at the identity provider; none without an IdP administration. */
export async function hasSecondFactor(app: FastifyInstance, userId: string): Promise<boolean> {
  return (await app.idpAdmin?.hasSecondFactor(app.db, userId)) ?? false;
}

/** GET /api/self: who am I — role, status and the company or system integrator I belong to. */
export async function selfModule(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/self',
    {
      config: { allowUnfinishedRegistration: true },
      schema: {
        tags: [API_TAG.self],
        operationId: 'getSelf',
        summary: 'Eigenes Konto: Rolle, Status und die Firma oder der System-Integrator, zu dem es gehört',
        response: { 200: selfSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = userOf(request);
      const [user] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!user) throw unauthorized();
      return selfAnswer(user, {
        secondFactor: await hasSecondFactor(app, user.id),
        eidReview: await ownEidReview(app.db, user),
      });
    },
  );
}
