/** react-admin resource name; also the route of spec section 2. */
export const COMPANIES_RESOURCE = 'companies';
/** The studios of a company: GET /api/company/{companyId}/store (resource "stores" of the path map). */
export const STORES_RESOURCE = 'stores';

/** The company's fields in the spec's order ("Company"), for its read-only views. */
export const COMPANY_SOURCES = [
  'name',
  'legalForm',
  'address',
  'country',
  'phoneNumber',
  'phoneNumber2',
  'website',
  'memberId',
] as const;
