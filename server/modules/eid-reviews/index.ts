import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pagedResult } from '../../lib/paging';
import { requireRole } from '../../lib/permissions';
import { errorResponses } from '../../lib/responses';
import { eidReviewRepository } from './eid-reviews.repository';
import { decided, decisionBody, reviewDetail, reviewListQuery, reviewPage, reviewParams } from './eid-reviews.schemas';
import { eidReviewService } from './eid-reviews.service';
import { API_TAG } from '../../lib/api-tags';

const tags = [API_TAG.eid];

/**
 * The review of differing eID data (issue 11, route verification-check), for LumioAdmin only:
 * the open reviews, one of them with the profile beside the card, and the decision.
 */
export async function eidReviewsModule(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = () => eidReviewService({ db: app.db, config: app.config, outbox: app.mailOutbox });

  api.get(
    '/api/eid-review',
    {
      schema: {
        tags,
        operationId: 'listEidReviews',
        summary: 'Offene eID-Prüfungen (abweichende Ausweisdaten), neueste zuerst',
        querystring: reviewListQuery,
        response: { 200: reviewPage, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['LumioAdmin']);
      const { items, total } = await eidReviewRepository(app.db).listOpen(request.query);
      return pagedResult(request.query, total, items);
    },
  );

  api.get(
    '/api/eid-review/:id',
    {
      schema: {
        tags,
        operationId: 'getEidReview',
        summary: 'Eine offene eID-Prüfung: Profildaten neben den Ausweisdaten',
        params: reviewParams,
        response: { 200: reviewDetail, ...errorResponses },
      },
    },
    async (request) => {
      requireRole(request, ['LumioAdmin']);
      return service().detail(request.params.id);
    },
  );

  api.put(
    '/api/eid-review/:id/decision',
    {
      schema: {
        tags,
        operationId: 'decideEidReview',
        summary:
          'eID-Prüfung entscheiden: bestätigen (wie eine Übereinstimmung) oder mit Begründung ablehnen (Ausweis wird nicht verknüpft)',
        params: reviewParams,
        body: decisionBody,
        response: { 200: decided, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireRole(request, ['LumioAdmin']);
      return service().decide(admin, request.params.id, request.body);
    },
  );
}
