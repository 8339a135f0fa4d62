import type { I18nProvider, StringMap, TranslationMessages } from 'ra-core';
import { createI18nProvider } from './createI18nProvider';
import { shellMessages } from './de/shell';
import { mergeMessages } from './mergeMessages';

/**
 * Translations of the public shell (landing, imprint, footer, placeholders). Only the shell's own
 * texts: the full catalogue (react-admin's keys and every feature's texts) loads with the admin
 * app, so it does not weigh on the landing page. A lazy public page that needs more texts wraps
 * itself in a provider from createPublicPageI18nProvider with its own modules.
 */
export const publicI18nProvider = createI18nProvider(shellMessages);

/**
 * The shell's texts plus a lazy public page's own message modules (e.g. the registration's),
 * which thereby travel in that page's chunk instead of the landing bundle.
 */
export function createPublicPageI18nProvider(...modules: readonly StringMap[]): I18nProvider {
  // The shell texts stand in for react-admin's catalogue, which public pages do not use.
  return createI18nProvider(mergeMessages(shellMessages as unknown as TranslationMessages, ...modules));
}
