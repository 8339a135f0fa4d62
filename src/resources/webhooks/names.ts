/** react-admin resource names of a system integrator's webhook endpoints and their deliveries (src/dataProvider/resourcePaths.ts). */
export const WEBHOOK_ENDPOINTS_RESOURCE = 'webhook-endpoints';
export const WEBHOOK_DELIVERIES_RESOURCE = 'webhook-deliveries';
