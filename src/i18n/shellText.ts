import { shellMessages } from './de/shell';

/**
 * The shell's German texts for the plain-React public pages (landing, imprint, the public frame),
 * read as properties instead of through polyglot and ra-core, which would put react-admin's i18n
 * into the landing page's JavaScript. The same texts reach the admin through its catalogue.
 */
export const shellText = shellMessages.app;

/** Fills polyglot-style placeholders: fillIn('© %{year} Lumio', { year: 2026 }) → '© 2026 Lumio'. */
export function fillIn(text: string, values: Record<string, string | number>): string {
  return text.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
