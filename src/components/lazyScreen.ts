import { lazy, type ComponentType } from 'react';
import { loadAreaMessages } from '../i18n';

/**
 * A signed-in screen in a chunk of its own (React.lazy), whose texts arrive with it: the areas'
 * catalogue (src/i18n/areas.ts) is loaded alongside the screen's code, so its first render is
 * German. Every lazy screen of the signed-in app is made with this, never with React.lazy itself.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadAreaMessages()]).then(([module]) => module));
}
