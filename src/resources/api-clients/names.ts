/** react-admin resource name of a system integrator's API clients (src/dataProvider/resourcePaths.ts). */
export const API_CLIENTS_RESOURCE = 'api-clients';
