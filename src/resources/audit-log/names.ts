/** The audit log's resource (GET /api/audit) and its translation namespace. */
export const AUDIT_LOG_RESOURCE = 'audit-log';
export const T = 'app.auditLog';
