/**
 * Spec sections 2 and 6: a system integrator is shown as 'name (code)' (the studio dialogs' select,
 * the studio lists, the profile of a SystemIntegratorAdmin, react-admin's record title). A module
 * of its own, so that showing the label does not download the integrator form's schemas.
 */
export function systemIntegratorLabel(integrator: { name: string; code: string }): string {
  return `${integrator.name} (${integrator.code})`;
}
