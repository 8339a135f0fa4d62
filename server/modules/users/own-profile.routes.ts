import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVER_MESSAGES } from '../../../src/domain/errorCatalogue';
import { mayEditPersonalData } from '../../../src/domain/profile';
import { users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { uuidParam } from '../../lib/ids';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { changesOf, recordAudit } from '../audit/audit';
import { hasSecondFactor, ownEidReview, selfAnswer } from '../self';
import { selfSchema } from '../self/self.schemas';
import { personalDataBody } from './own-profile.schemas';
import { API_TAG } from '../../lib/api-tags';

const userParams = z.strictObject({
  companyId: uuidParam(SERVER_MESSAGES.invalidCompanyId),
  userId: uuidParam(SERVER_MESSAGES.invalidUserId),
});

/**
 * PUT /api/company/{companyId}/user/{userId}: a company user changes their own personal data
 * (salutation, names, birth date), which spec section 4 allows only while an Employee or
 * AccountAdministrator is Unverified, i.e. before the eID binding has confirmed the person.
 */
export async function ownProfileRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().put(
    '/api/company/:companyId/user/:userId',
    {
      // Unverified users are exactly the ones who may use it.
      config: { allowUnfinishedRegistration: true },
      schema: {
        tags: [API_TAG.self],
        operationId: 'updateOwnPersonalData',
        summary: 'Eigene Personendaten ändern (Employee, AccountAdministrator, nur vor der eID-Verifizierung)',
        params: userParams,
        body: personalDataBody,
        response: { 200: selfSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = requireRole(request, ['Owner', 'AccountAdministrator', 'Employee']);
      const { companyId, userId } = request.params;
      // Only one's own data, and only while spec section 4 allows it.
      if (user.companyId !== companyId || user.id !== userId) throw forbidden();
      if (!mayEditPersonalData(user.role, user.status)) throw forbidden();
      const secondFactor = await hasSecondFactor(app, userId);
      return app.db.transaction(async (tx) => {
        const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
        if (!before) throw notFound();
        // Checked again under the lock: a status change in between decides.
        if (!mayEditPersonalData(before.role, before.status)) throw forbidden();
        const values = request.body;
        const [after] = await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        const pick = (row: typeof before) => ({
          salutation: row.salutation,
          firstName: row.firstName,
          lastName: row.lastName,
          birthDate: row.birthDate,
        });
        if (changesOf(pick(before), pick(after)).length > 0) {
          await recordAudit(tx, user, {
            action: 'user.updated',
            entityType: 'user',
            entityId: userId,
            companyId,
            before: pick(before),
            after: pick(after),
          });
        }
        return selfAnswer(after, { secondFactor, eidReview: await ownEidReview(tx, after) });
      });
    },
  );
}
