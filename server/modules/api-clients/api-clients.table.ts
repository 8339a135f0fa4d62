import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/users.table';
import { systemIntegrators } from '../system-integrators/system-integrators.table';

/**
 * A system integrator's API clients (issue 26, part 3): OAuth clients of the identity provider
 * that get tokens with the client-credentials grant and act as the integrator's
 * SystemIntegratorAdmin. The API looks the row up on every request (server/plugins/auth.ts), so a
 * deleted client's tokens stop at once, whatever the IdP still thinks of them.
 */
export const apiClients = pgTable(
  'api_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    systemIntegratorId: uuid('system_integrator_id')
      .notNull()
      .references(() => systemIntegrators.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The OAuth client id: `lumio-api-` + a random lower-case id (src/domain/apiClients.ts). */
    clientId: text('client_id').notNull().unique(),
    /**
     * Embedded IdP only: SHA-256 (hex) of the secret, 32 random bytes handed out once. A random
     * 256-bit secret cannot be guessed from a fast hash, so it needs no slow one; Keycloak keeps
     * its clients' secrets itself (null here).
     */
    secretHash: text('secret_hash'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per client (server/plugins/auth.ts), so requests stay reads. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('api_clients_integrator_created_id').on(t.systemIntegratorId, t.createdAt, t.id),
    check('api_clients_name_length', sql`char_length(${t.name}) between 1 and 100`),
  ],
);
export type ApiClientRow = typeof apiClients.$inferSelect;
