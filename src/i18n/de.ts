import type { StringMap, TranslationMessages } from 'ra-core';
import { AREA_MESSAGE_MODULES } from './areas';
import { apiClientsMessages } from './de/apiClients';
import { auditLogMessages } from './de/auditLog';
import { oneTimeSecretMessages } from './de/oneTimeSecret';
import { dataExportMessages } from './de/dataExport';
import { statementsMessages } from './de/statements';
import { webhooksMessages } from './de/webhooks';
import { mergeMessages } from './mergeMessages';
import { raGermanMessages } from './raGerman';
import { SHELL_MESSAGE_MODULES } from './shellModules';

/**
 * Every module's texts: the shell's, the areas' and those a screen's chunk brings along itself
 * (the statements', the webhooks', the API clients', the one-time secret's, the audit log's and
 * the retention runs'; 'Meine Daten', src/customRoutes/profile/DataExportSection.tsx).
 */
export const MESSAGE_MODULES: readonly StringMap[] = [
  ...SHELL_MESSAGE_MODULES,
  ...AREA_MESSAGE_MODULES,
  statementsMessages,
  webhooksMessages,
  apiClientsMessages,
  oneTimeSecretMessages,
  auditLogMessages,
  dataExportMessages,
];

/**
 * The complete German catalogue: react-admin's keys plus the app's `app.*` and `resources.*`. The
 * signed-in app never loads it as one (src/i18n/index.ts); tests render screens with it.
 */
export const deMessages: TranslationMessages = mergeMessages(raGermanMessages, ...MESSAGE_MODULES);
