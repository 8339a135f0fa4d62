/**
 * The role in the audit trail for what an API client did (its name stands where a person's e-mail
 * does). A file of its own without zod: the histories of company, studio, licence and person show
 * it, and importing src/domain/apiClients.ts for it put the schema library on those pages (company
 * management 357.6 → 384.1 kB against its 360 kB budget). src/domain/apiClients.ts re-exports it.
 */
export const API_CLIENT_AUDIT_ROLE = 'ApiClient';
