/**
 * keycloak-js 26.2 loads its helper pages (the third-party-cookie check, the session-status iframe
 * it asks every 5 s, the silent check-sso) in hidden iframes that it gives
 * sandbox="allow-storage-access-by-user-activation allow-scripts allow-same-origin"
 * (node_modules/keycloak-js/lib/keycloak.js, #check3pCookiesSupported, #setupCheckLoginIframe,
 * #checkSsoSilently). For Keycloak on its own host, as in production, that sandbox restricts the
 * frame. For an identity provider on this page's own origin (the embedded one of `npm start`) it
 * cannot: a same-origin frame allowed to run scripts may lift its own sandbox (HTML standard, the
 * iframe sandbox attribute), and Chromium says so in the console on every load of such a frame
 * ("An iframe which has both allow-scripts and allow-same-origin for its sandbox attribute can
 * escape its sandboxing"): six warnings for one login. So, for frames of the realm on this origin
 * only, the attribute is not set; the frames load the same pages, run the same checks and answer
 * the same messages (keycloak-js checks their origin and source either way).
 */

/** Sandbox flags that together void a sandbox on a same-origin frame. */
const ESCAPABLE = ['allow-scripts', 'allow-same-origin'];

function isVoidSandbox(value: string): boolean {
  const flags = value.toLowerCase().split(/\s+/);
  return ESCAPABLE.every((flag) => flags.includes(flag));
}

/**
 * From now on, an iframe whose src lies under `realmUrl` (on this page's origin) takes no void
 * sandbox (see above); every other iframe and every other attribute is set as asked.
 */
export function omitVoidSandboxOfRealmFrames(realmUrl: string, win: Window & typeof globalThis = window): void {
  const prototype = win.HTMLIFrameElement.prototype;
  if (Object.prototype.hasOwnProperty.call(prototype, 'setAttribute')) return; // installed already
  const realm = new URL(realmUrl.endsWith('/') ? realmUrl : `${realmUrl}/`, win.location.href);
  if (realm.origin !== win.location.origin) return;
  const setAttribute = win.Element.prototype.setAttribute;
  Object.defineProperty(prototype, 'setAttribute', {
    configurable: true,
    writable: true,
    value(this: HTMLIFrameElement, name: string, value: string) {
      const src = this.getAttribute('src');
      const ofRealm = src !== null && new URL(src, win.location.href).href.startsWith(realm.href);
      if (name.toLowerCase() === 'sandbox' && ofRealm && isVoidSandbox(String(value))) return;
      setAttribute.call(this, name, value);
    },
  });
}
