import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, StringMap, TranslationMessages } from 'ra-core';
import { flattenMessages, mergeMessages } from './mergeMessages';

export const LOCALE = 'de';

/** Keys of our own namespaces; react-admin also passes plain texts (labels) through translate. */
const KEY_PATTERN = /^(ra|app|resources)\.[\w-]+(\.[\w-]+)+$/;

const warnInDevelopment = (key: string) => {
  if (import.meta.env.DEV) console.warn(`[i18n] Fehlender Text für Schlüssel "${key}"`);
};

/** An i18nProvider whose catalogue can grow: lazy screens bring their texts along (src/i18n/areas.ts). */
export interface LumioI18nProvider extends I18nProvider {
  /** Adds message modules to the catalogue; adding the same module again changes nothing. */
  addMessages(...modules: readonly StringMap[]): void;
}

/**
 * German only: no English catalogue is loaded, so nothing can fall back to English. A missing
 * key shows react-admin's own default (`_`, e.g. the field name) or the key, and is reported once.
 * ra-i18n-polyglot fixes its catalogue when it is created, so adding modules creates it anew with
 * the grown catalogue (once per area and session: the signed-in app starts with the shell's texts
 * and adds the areas' when the first screen of one loads).
 */
export function createI18nProvider(
  messages: StringMap,
  onMissingKey: (key: string) => void = warnInDevelopment,
): LumioI18nProvider {
  let catalogue = messages as TranslationMessages;
  const added = new Set<StringMap>();
  const known = new Set(flattenMessages(catalogue).keys());
  const reported = new Set<string>();
  const polyglotOf = (current: TranslationMessages) =>
    polyglotI18nProvider(() => current, LOCALE, [{ locale: LOCALE, name: 'Deutsch' }], { allowMissing: true });
  let base = polyglotOf(catalogue);
  return {
    ...base,
    translate: (key, options) => {
      if (!known.has(key) && !reported.has(key) && KEY_PATTERN.test(key)) {
        reported.add(key);
        onMissingKey(key);
      }
      return base.translate(key, options);
    },
    addMessages: (...modules) => {
      const fresh = modules.filter((module) => !added.has(module));
      if (fresh.length === 0) return;
      for (const module of fresh) {
        added.add(module);
        for (const key of flattenMessages(module).keys()) known.add(key);
      }
      catalogue = mergeMessages(catalogue, ...fresh);
      base = polyglotOf(catalogue);
    },
  };
}
