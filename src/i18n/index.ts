import { createI18nProvider } from './createI18nProvider';
import { mergeMessages } from './mergeMessages';
import { raGermanMessages } from './raGerman';
import { SHELL_MESSAGE_MODULES } from './shellModules';

export { createI18nProvider, LOCALE, type LumioI18nProvider } from './createI18nProvider';

/**
 * The signed-in app's translations: react-admin's and the shell's texts at first; the areas' texts
 * join with the first lazy screen (loadAreaMessages).
 */
export const i18nProvider = createI18nProvider(mergeMessages(raGermanMessages, ...SHELL_MESSAGE_MODULES));

let areasLoaded: Promise<void> | undefined;

/** Loads the areas' texts (their own chunk) into the app's catalogue; once, however often called. */
export function loadAreaMessages(): Promise<void> {
  areasLoaded ??= import('./areas').then(({ AREA_MESSAGE_MODULES }) => {
    i18nProvider.addMessages(...AREA_MESSAGE_MODULES);
  });
  return areasLoaded;
}
