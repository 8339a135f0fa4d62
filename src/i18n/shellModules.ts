import type { StringMap } from 'ra-core';
import { appShellMessages } from './de/appShell';
import { componentsMessages } from './de/components';
import { datePickerMessages } from './de/datePicker';
import { shellMessages } from './de/shell';

/**
 * The texts the signed-in app needs before any area's screen: header, menu, dashboard, the shared
 * lists and dialogs, the date picker. Everything else is in src/i18n/areas.ts and loads with the
 * first screen of an area (src/components/lazyScreen.ts), so the dashboard does not download it.
 */
export const SHELL_MESSAGE_MODULES: readonly StringMap[] = [
  shellMessages,
  appShellMessages,
  componentsMessages,
  datePickerMessages,
];
