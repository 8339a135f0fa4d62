/** Every table, in one index: drizzle-kit generates the migrations from this file. */
export * from '../modules/users/users.table';
export * from '../modules/companies/companies.table';
export * from '../modules/system-integrators/system-integrators.table';
export * from '../modules/resellers/resellers.table';
export * from '../idp/idp.table';
export * from '../idp/activation.table';
export * from '../idp/login-throttle.table';
export * from '../modules/company-applications/company-applications.table';
export * from '../modules/documents/documents.table';
export * from './list-versions.table';
export * from '../mail/outbox.table';
export * from '../modules/audit/audit.table';
export * from '../modules/email-change/email-change.table';
export * from '../modules/employee-invitations/employee-invitations.table';
export * from '../modules/eid-binding/eid-binding.table';
export * from '../modules/eid-reviews/eid-reviews.table';
export * from '../modules/licenses/licenses.table';
