export { roleFromPermissions, useCurrentRole } from './useCurrentRole';
export { AccessGuard, guardResourceViews } from './AccessGuard';
