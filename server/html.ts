import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Eta } from 'eta';

/*
 * The one template engine of the HTML the server renders (STYLE.md): Eta, with the templates in
 * server/views/ and one page shell, views/layout.eta; a mail's HTML part has its own shell for mail
 * clients, views/mail/html.eta. The folder is found next to this module, so
 * the working directory does not matter; the bundle (dist-server/server.mjs) finds the copy that
 * scripts/build-server.mjs puts beside it, dist-server/views/.
 */

/** The escaping of every `<%= %>`: numeric entities, as the pages and mails have always had. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const eta = new Eta({
  views: fileURLToPath(new URL('./views', import.meta.url)),
  // Each template is read and compiled once, on its first use, then served from memory.
  cache: true,
  autoEscape: true,
  escapeFunction: (value: unknown) => escapeHtml(String(value)),
  // What a template shows is what it outputs; a control line ends in `-%>` to drop its newline.
  autoTrim: false,
});

/** Renders views/<name>.eta; `<%= %>` escapes, `<%~ %>` only takes HTML another template made or a constant. */
export function renderView(name: string, data: object): string {
  return eta.render(name, data);
}

/** CSP source for one inline script or style block, so a page needs no 'unsafe-inline'. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}
