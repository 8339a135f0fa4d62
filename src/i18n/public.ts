import { createI18nProvider } from './createI18nProvider';
import { shellMessages } from './de/shell';

/**
 * Translations of the public shell (landing, imprint, footer, placeholders). Only the shell's own
 * texts: the full catalogue (react-admin's keys and every feature's texts) loads with the admin
 * app, so it does not weigh on the landing page. A lazy public page that needs more texts wraps
 * itself in the full provider from ./index.
 */
export const publicI18nProvider = createI18nProvider(shellMessages);
