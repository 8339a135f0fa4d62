// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { renderView } from '../../server/html';
import { AUTO_SUBMIT_SCRIPT, MESSAGES, renderLoginPage, renderLogoutPage } from '../../server/idp/login-page';
import { renderEnrolPage } from '../../server/idp/second-factor-pages';

const footer = '© 2026 Lumio';
const typed = 'a"><script>alert(1)</script>@example.de';

describe('the pages the server renders (server/views, Eta)', () => {
  it('escapes a typed address with a script when the login form comes back', () => {
    const html = renderLoginPage({
      action: '/idp/interaction/1/login',
      resetUrl: '/idp/reset',
      username: typed,
      error: MESSAGES.invalidCredentials,
      footer,
    });
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('value="a&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;@example.de"');
    expect(html).toContain(`<div class="alert" id="input-error" role="alert">${MESSAGES.invalidCredentials}</div>`);
    expect(html).toContain('<button id="kc-login" name="login" type="submit">Anmelden</button>');
  });

  it('escapes the device name but keeps the server-made QR code as markup', () => {
    const html = renderEnrolPage({
      action: '/x',
      qrSvg: '<svg viewBox="0 0 1 1"></svg>',
      groupedKey: 'ABCD EFGH',
      userLabel: '<b>Handy</b>',
      cancellable: false,
      footer,
    });
    expect(html).toContain('<svg viewBox="0 0 1 1"></svg>');
    expect(html).toContain('value="&#60;b&#62;Handy&#60;/b&#62;"');
    expect(html).toContain('<div id="kc-totp-secret-key">ABCD EFGH</div>');
  });

  it('prints an inline script exactly as the constant its CSP hash is made from', () => {
    const html = renderLogoutPage('<form id="op.logoutForm" method="post" action="/x"></form>', footer);
    expect(html).toContain(`<script>${AUTO_SUBMIT_SCRIPT}</script>`);
    expect(html).toContain('<input type="hidden" name="logout" value="yes"/></form>');
  });

  it('puts the IdP, the eID simulator and the mailbox into the one page shell', () => {
    const pages = [
      renderLoginPage({ action: '/x', resetUrl: '/r', footer }),
      renderView('eid/sent', { style: 'main{}', label: 'Abbrechen' }),
      renderView('dev-mail/list', { style: 'h1{}', mails: [], outage: false, intro: 'Hier', formatDate: String }),
    ];
    for (const html of pages) {
      expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="de">\n<head>\n<meta charset="utf-8">\n<meta name="viewport"/);
      expect(html).toMatch(/<\/body>\n<\/html>\n$/);
    }
    expect(pages[1]).toContain('<title>Antwort gesendet – Lumio</title>\n<style>main{}</style>');
  });
});
