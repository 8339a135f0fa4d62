import { z } from 'zod';
import type { ServerMessage } from '../../src/domain/errorCatalogue';

const lowerCase = (id: string) => id.toLowerCase();

/**
 * A UUID path or query parameter. UUIDs compare without case (RFC 9562) and the database answers
 * in lower case, so the id is lower-cased here, once: every later comparison of ids (the own
 * company, the own system integrator) stays a plain ===. The message is one of the catalogue's, so
 * the web app shows its German text (src/domain/errorCatalogue.ts).
 */
export function uuidParam(message: ServerMessage) {
  return z
    .string()
    .refine((value) => z.uuid().safeParse(value).success, message)
    .transform(lowerCase);
}

/**
 * An id from a mailed link: any text up to a sane length, so that a malformed one is answered like
 * an unknown one (404) by the handler; lower-cased like uuidParam.
 */
export function linkIdParam() {
  return z.string().max(100).transform(lowerCase);
}
