/**
 * react-admin resource of the reports (src/dataProvider/resourcePaths.ts): named like the route
 * identification-process-reports, so canAccess lets in exactly whom the route lets in.
 */
export const REPORTS_RESOURCE = 'identification-process-reports';
