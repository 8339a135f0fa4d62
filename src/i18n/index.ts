import { createI18nProvider } from './createI18nProvider';
import { deMessages } from './de';

export { createI18nProvider, LOCALE } from './createI18nProvider';

/** The signed-in app's translations: the complete German catalogue (react-admin + every module). */
export const i18nProvider = createI18nProvider(deMessages);
