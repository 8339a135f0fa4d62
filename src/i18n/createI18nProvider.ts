import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, StringMap, TranslationMessages } from 'ra-core';
import { flattenMessages } from './mergeMessages';

export const LOCALE = 'de';

/** Keys of our own namespaces; react-admin also passes plain texts (labels) through translate. */
const KEY_PATTERN = /^(ra|app|resources)\.[\w-]+(\.[\w-]+)+$/;

const warnInDevelopment = (key: string) => {
  if (import.meta.env.DEV) console.warn(`[i18n] Fehlender Text für Schlüssel "${key}"`);
};

/**
 * German only: no English catalogue is loaded, so nothing can fall back to English. A missing
 * key shows react-admin's own default (`_`, e.g. the field name) or the key, and is reported once.
 */
export function createI18nProvider(
  messages: StringMap,
  onMissingKey: (key: string) => void = warnInDevelopment,
): I18nProvider {
  const known = new Set(flattenMessages(messages).keys());
  const reported = new Set<string>();
  const base = polyglotI18nProvider(
    () => messages as TranslationMessages,
    LOCALE,
    [{ locale: LOCALE, name: 'Deutsch' }],
    {
      allowMissing: true,
    },
  );
  return {
    ...base,
    translate: (key, options) => {
      if (!known.has(key) && !reported.has(key) && KEY_PATTERN.test(key)) {
        reported.add(key);
        onMissingKey(key);
      }
      return base.translate(key, options);
    },
  };
}
