/** react-admin resource name; also the route of spec section 2. */
export const COMPANIES_RESOURCE = 'companies';
/** The studios of a company: GET /api/company/{companyId}/store (resource "stores" of the path map). */
export const STORES_RESOURCE = 'stores';
