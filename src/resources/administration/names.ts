/** react-admin resource name; also the route of spec section 2 (administrator accounts, title 'Verwaltung'). */
export const ADMINISTRATION_RESOURCE = 'administration';
