import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../modules/users/users.table';

/**
 * The embedded identity provider's second factor (TOTP, src/domain/secondFactor.ts): one
 * authenticator app per user, as Keycloak's OTP credential. The base32 secret is sealed with a
 * key derived from DOCUMENT_ENCRYPTION_KEY (AES-256-GCM, the user id as additional data), so a
 * database copy alone does not hand out codes. `last_used_step` refuses a code a second time
 * within its 30-second step, as Keycloak does.
 */
export const idpSecondFactors = pgTable('idp_second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  /** The device name the user gave at set-up (Keycloak's userLabel), if any. */
  label: text('label'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
