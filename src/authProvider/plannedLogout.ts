/**
 * A logout the page carries out itself once the user has read why. Deleting the company ends the
 * session at the identity provider at once; keycloak-js notices that within seconds (session
 * check, failed refresh) and the session watcher would log out on the spot, taking the message
 * 'Unternehmen wurde gelöscht – Sie werden nun ausgeloggt.' away before it could be read. While a
 * logout is planned, the watcher leaves it to the page.
 */
let planned = 0;

/** Announces the page's own logout; call the returned function once the logout has started. */
export function planLogout(): () => void {
  planned += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    planned -= 1;
  };
}

export function isLogoutPlanned(): boolean {
  return planned > 0;
}
