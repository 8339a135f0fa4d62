import { afterEach, describe, expect, it } from 'vitest';
import { omitVoidSandboxOfRealmFrames } from '../../src/authProvider/sameOriginHelperFrames';

/** keycloak-js's way of building a helper frame (lib/keycloak.js): src first, then the sandbox. */
function helperFrame(src: string, sandbox = 'allow-storage-access-by-user-activation allow-scripts allow-same-origin') {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('src', src);
  iframe.setAttribute('sandbox', sandbox);
  iframe.setAttribute('title', 'keycloak-session-iframe');
  return iframe;
}

describe('the sandbox of keycloak-js helper frames on this origin', () => {
  afterEach(() => {
    // Back to the plain DOM for the next test.
    delete (HTMLIFrameElement.prototype as { setAttribute?: unknown }).setAttribute;
  });

  it('is left off for a frame of the realm on this origin, and every other attribute is set', () => {
    omitVoidSandboxOfRealmFrames(`${window.location.origin}/realms/lumio`);
    const frame = helperFrame(
      `${window.location.origin}/realms/lumio/protocol/openid-connect/login-status-iframe.html`,
    );
    expect(frame.hasAttribute('sandbox')).toBe(false);
    expect(frame.getAttribute('title')).toBe('keycloak-session-iframe');
    expect(frame.getAttribute('src')).toContain('/login-status-iframe.html');
  });

  it('stays on frames of other pages, of another origin, and a sandbox that holds', () => {
    omitVoidSandboxOfRealmFrames(`${window.location.origin}/realms/lumio`);
    expect(helperFrame(`${window.location.origin}/dev/eid/abc`).getAttribute('sandbox')).toContain('allow-scripts');
    expect(
      helperFrame('https://id.example.de/realms/lumio/protocol/openid-connect/3p-cookies/step1.html').hasAttribute(
        'sandbox',
      ),
    ).toBe(true);
    expect(helperFrame(`${window.location.origin}/realms/lumio/x`, 'allow-scripts').getAttribute('sandbox')).toBe(
      'allow-scripts',
    );
  });

  it('changes nothing when Keycloak runs on its own host', () => {
    omitVoidSandboxOfRealmFrames('https://id.example.de/realms/lumio');
    const frame = helperFrame(`${window.location.origin}/realms/lumio/protocol/openid-connect/3p-cookies/step1.html`);
    expect(frame.hasAttribute('sandbox')).toBe(true);
  });
});
