import { z } from 'zod';
import { OWN_EID_REVIEW_STATES } from '../../../src/domain/eidReview';
import { ROLES, USER_STATUSES } from '../../../src/domain/roles';

/** GET /api/self and the own-profile PUT: who am I. */
export const selfSchema = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    salutation: z.string().nullable(),
    email: z.string(),
    /** yyyy-MM-dd (users.birth_date, a date column in Drizzle's string mode) */
    birthDate: z.iso.date().nullable(),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    associatedEntity: z.object({ id: z.uuid() }).nullable(),
    /** Whether an authenticator app is set up as the second login factor (the profile shows it). */
    secondFactor: z.boolean(),
    /** A company user's latest eID review: open, rejected (may try again), or null (none or confirmed). */
    eidReview: z.enum(OWN_EID_REVIEW_STATES).nullable(),
    /** The reviewer's reason while eidReview is 'rejected'; only the person themself reads it here. */
    eidReviewReason: z.string().nullable(),
  })
  .meta({
    id: 'Self',
    description: 'Das eigene Konto: Person, Rolle, Status, zugehörige Firma oder System-Integrator',
  });
