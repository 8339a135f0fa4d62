import { z } from 'zod';
import { EID_SESSION_HEADER } from '../../../src/domain/eid';
import { USER_STATUSES } from '../../../src/domain/roles';
import { errorBodySchema, errorResponses } from '../../lib/responses';

/** POST /api/user/eid/bind: what the verify screen shows (EidBindingStarted of src/domain/eid.ts). */
export const bindingStarted = z
  .object({
    sessionId: z.uuid(),
    mobileToken: z.string(),
    qrValue: z.string(),
    transactionCode: z.string(),
    // eid-binding.service.ts sends toISOString().
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'EidBindingStarted', description: 'Gestartete eID-Verifizierung: Sitzung, QR-Code und Ablaufzeit' });

/** GET /api/user/eid/bind, 200: the binding is done (EidBindingDone of src/domain/eid.ts). */
export const bindingDone = z
  .object({
    outcome: z.enum(['matched', 'reviewPending']),
    status: z.enum(USER_STATUSES),
  })
  .meta({
    id: 'EidBindingDone',
    description: 'Abgeschlossene eID-Verifizierung: Ergebnis und neuer Status der Person',
  });

/**
 * The status check's header. Any text passes validation: a missing, malformed or unknown session
 * id is answered 404 'Session not found' by the handler, never 400 (the contract of issue 11).
 */
export const sessionHeader = z.looseObject({
  [EID_SESSION_HEADER]: z.string().optional().describe('Die sessionId aus POST /api/user/eid/bind'),
});

/** How a binding can end besides the usual refusals (the EID_* codes of spec section 8). */
export const bindingErrorResponses = {
  ...errorResponses,
  410: errorBodySchema,
  422: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
} as const;
