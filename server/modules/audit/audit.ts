import { API_CLIENT_AUDIT_ROLE } from '../../../src/domain/apiClients';
import type { AuditAction } from '../../../src/domain/auditActions';
import type { Role } from '../../../src/domain/roles';
import type { DbOrTx } from '../../db/client';
import type { CurrentUser } from '../../plugins/auth';
import { auditEvents } from './audit.table';

export type { AuditAction };

export interface AuditEntry {
  action: AuditAction;
  entityType:
    | 'application'
    | 'company'
    | 'store'
    | 'user'
    | 'invitation'
    | 'reseller'
    | 'administrator'
    | 'license'
    | 'package'
    | 'webhook-endpoint'
    | 'api-client';
  entityId: string;
  companyId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Who acted: the signed-in user or API client, or null for the portal itself (a job). */
export type AuditActor = Pick<CurrentUser, 'id' | 'email' | 'role' | 'apiClient'> | null;

/** Writes one audit row; call it with the transaction of the change it records. */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: actor?.id ?? null,
    // An API client has no e-mail: its name stands there, which is what the histories show.
    actorEmail: actor?.apiClient ? actor.apiClient.name : (actor?.email ?? null),
    actorRole: actor?.apiClient ? API_CLIENT_AUDIT_ROLE : (actor?.role ?? null),
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    companyId: entry.companyId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export interface AuditChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * Recorded fields that no history shows anyone but a LumioAdmin: the reviewer's reason for
 * rejecting an eID review is for the person and the provider only (issue 25), while an Owner and
 * an AccountAdministrator read the person's and the company's history.
 */
export const LUMIO_ADMIN_ONLY_AUDIT_FIELDS: readonly string[] = ['reviewReason'];

/** The changes a history shows its reader. */
export function changesFor(reader: Role | undefined, changes: AuditChange[]): AuditChange[] {
  if (reader === 'LumioAdmin') return changes;
  return changes.filter(({ field }) => !LUMIO_ADMIN_ONLY_AUDIT_FIELDS.includes(field));
}

/**
 * The fields that differ between before and after, in the order they first appear; a created
 * record has only "after" values, a deleted one only "before" values.
 */
export function changesOf(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}
