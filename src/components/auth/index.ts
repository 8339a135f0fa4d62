export { roleFromPermissions, useCurrentRole } from './useCurrentRole';
