/** react-admin resource name; also the route of spec section 2. */
export const OPEN_APPLICATIONS_RESOURCE = 'open-applications';
