import { and, count, eq } from 'drizzle-orm';
import type { ApiClient } from '../../../src/domain/apiClients';
import type { DbOrTx } from '../../db/client';
import { planList, type PagingInput } from '../../lib/paging';
import { apiClients, type ApiClientRow } from './api-clients.table';

const selection = {
  id: apiClients.id,
  clientId: apiClients.clientId,
  name: apiClients.name,
  createdAt: apiClients.createdAt,
  lastUsedAt: apiClients.lastUsedAt,
};
type Selected = Pick<ApiClientRow, keyof typeof selection>;

const shown = (row: Selected): ApiClient => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A system integrator's API clients. Every read and write names the integrator: another
 * integrator's client is simply not found. The secret (hash) is never selected.
 */
export function apiClientRepository(db: DbOrTx) {
  const ofIntegrator = (systemIntegratorId: string, clientId: string) =>
    and(eq(apiClients.clientId, clientId), eq(apiClients.systemIntegratorId, systemIntegratorId));

  return {
    async list(systemIntegratorId: string, q: PagingInput) {
      const plan = planList(
        q,
        { createdAt: apiClients.createdAt, name: apiClients.name },
        [apiClients.name, apiClients.clientId],
        apiClients.id,
        'createdAt desc',
        eq(apiClients.systemIntegratorId, systemIntegratorId),
      );
      const [{ total }] = await db.select({ total: count() }).from(apiClients).where(plan.where);
      const rows = await db
        .select(selection)
        .from(apiClients)
        .where(plan.where)
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset);
      return { items: rows.map(shown), total };
    },

    async create(values: {
      systemIntegratorId: string;
      name: string;
      clientId: string;
      createdBy: string;
    }): Promise<ApiClient> {
      const [row] = await db.insert(apiClients).values(values).returning(selection);
      return shown(row!);
    },

    /** The client, locked for this transaction, so its deletion and audit row see one state. */
    async lock(systemIntegratorId: string, clientId: string): Promise<ApiClient | undefined> {
      const [row] = await db
        .select(selection)
        .from(apiClients)
        .where(ofIntegrator(systemIntegratorId, clientId))
        .for('update');
      return row && shown(row);
    },

    async delete(systemIntegratorId: string, clientId: string): Promise<void> {
      await db.delete(apiClients).where(ofIntegrator(systemIntegratorId, clientId));
    },
  };
}
