import { API_CLIENT_AUDIT_ROLE } from '../../domain/apiClientAudit';
import { AUDIT_ACTION_TEXTS, AUDIT_ACTIONS, type AuditAction } from '../../domain/auditActions';
import { isRole, roleLabel } from '../../domain/roles';
import { T } from './names';

/** One item of GET /api/audit (server/modules/audit/audit-log.schemas.ts auditLogEntry). */
export interface AuditLogRow {
  id: string;
  at: string;
  actor: { name: string; role: string | null } | null;
  action: string;
  entityType: string;
  entityId: string;
  subject: string | null;
  actorId: string | null;
  companyId: string | null;
  companyName: string | null;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The action in German; an action this build does not know yet as the server wrote it. */
export const actionText = (action: string) => AUDIT_ACTION_TEXTS[action as AuditAction] ?? action;

/** The actions for the filter, in the order of their German words. */
export const ACTION_CHOICES = AUDIT_ACTIONS.map((action) => ({ id: action, name: AUDIT_ACTION_TEXTS[action] })).sort(
  (a, b) => a.name.localeCompare(b.name, 'de'),
);

/**
 * 'Name (Rolle)', an API client's as such, the portal's own rows as 'Lumio (automatisch)', an erased
 * person's (the retention run left neither name nor e-mail) as 'Gelöschte Person (Rolle)'.
 */
export function personText(row: Pick<AuditLogRow, 'actor'>, translate: Translate): string {
  if (!row.actor) return translate(`${T}.portal`);
  const { role } = row.actor;
  const name = row.actor.name || translate(`${T}.erasedPerson`);
  if (role === API_CLIENT_AUDIT_ROLE) return `${name} (${translate(`${T}.apiClient`)})`;
  return role && isRole(role) ? `${name} (${roleLabel(role, null)})` : name;
}

/** The kinds of record the server's audit rows name (app.auditLog.entityTypes has each in German). */
const ENTITY_TYPES: readonly string[] = [
  'administrator',
  'api-client',
  'application',
  'company',
  'invitation',
  'license',
  'package',
  'reseller',
  'store',
  'user',
  'webhook-endpoint',
];

/** What the row is about: its recorded name, else the record's kind in German (an unknown kind as written). */
export function subjectText(row: Pick<AuditLogRow, 'subject' | 'entityType'>, translate: Translate): string {
  if (row.subject) return row.subject;
  return ENTITY_TYPES.includes(row.entityType) ? translate(`${T}.entityTypes.${row.entityType}`) : row.entityType;
}
