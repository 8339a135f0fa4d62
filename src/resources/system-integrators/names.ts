/** react-admin resource name; also the route of spec section 2. */
export const SYSTEM_INTEGRATORS_RESOURCE = 'system-integrators';
