import { runningMonth } from '../../src/domain/statements';
import { addMonths } from '../../src/domain/usage';
import { buildStatement } from '../modules/statements/statement-builder';
import { statementsRepository } from '../modules/statements/statements.repository';
import type { Tx } from './client';

/** How many past months of the demo company have issued statements (issue 27, part 6). */
export const DEMO_STATEMENT_MONTHS = 12;

/**
 * The demo company's statements of the past twelve months, issued as the job would have issued
 * them on each following 1st (about 03:00 in Germany), from the seeded processes: the builder is
 * the job's own, so they are what the job writes. No mail: the Owners did not wait a year for
 * them. Runs after the processes are seeded.
 */
export async function seedDemoStatements(tx: Tx, companyId: string, now: Date): Promise<void> {
  const running = runningMonth(now);
  const repo = statementsRepository(tx);
  for (let back = DEMO_STATEMENT_MONTHS; back >= 1; back -= 1) {
    const month = addMonths(running, -back);
    const issuedAt = new Date(`${addMonths(month, 1)}-01T02:00:00Z`);
    const statement = await buildStatement(tx, companyId, month, { status: 'issued', issuedAt });
    await repo.issue({ ...statement, issuedAt: issuedAt.toISOString() });
  }
}
