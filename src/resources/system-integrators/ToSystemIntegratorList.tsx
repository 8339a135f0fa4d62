import { Navigate } from 'react-admin';
import { SYSTEM_INTEGRATORS_RESOURCE } from './names';

/**
 * Creating and editing happen in the dialog createEditSystemIntegrator on the list; the former
 * pages' addresses (/system-integrators/create, /system-integrators/{id}, e.g. bookmarks) lead there.
 */
export function ToSystemIntegratorList() {
  return <Navigate to={`/${SYSTEM_INTEGRATORS_RESOURCE}`} replace />;
}
