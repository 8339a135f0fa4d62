/** react-admin resource name of a system integrator's resellers (src/dataProvider/resourcePaths.ts). */
export const RESELLERS_RESOURCE = 'resellers';
