/**
 * The in-page half of the accessibility check (installed by accessibility.ts as an init script in
 * every document of the test's page). It decides when the page shows a screen that axe has not
 * seen yet and when that screen has settled. Everything here runs in the browser and must stay
 * self-contained: Playwright serialises the function, so it may not use imports or outer names.
 */

/** Set on <html> while the screen differs from the last one axe checked (a locator handler watches it). */
export const UNCHECKED_ATTRIBUTE = 'data-axe-unchecked';

export interface ScreenWatch {
  /** Resolves with the screen's key once nothing loads, animates or changes any more (or at the deadline). */
  settled(timeoutMs: number): Promise<string>;
  /** The screen with this key has been checked; the marker stays off until the screen changes. */
  markChecked(key: string): void;
  /** Whether the page still shows that screen, settled, with no change to the DOM since `settled`. */
  stillSettledOn(key: string): boolean;
}

declare global {
  interface Window {
    __lumioScreenWatch?: ScreenWatch;
  }
}

export function installScreenWatch(attribute: string): void {
  // Only the top document is a screen; keycloak-js's hidden iframes are not, nor the browser's
  // own error page of a failed navigation.
  if (window !== window.top || window.__lumioScreenWatch || !/^https?:$/.test(location.protocol)) return;

  // Tests that install Playwright's fake clock must not stall the settle loop: keep the real ones.
  const nextFrame = window.requestAnimationFrame.bind(window);
  const now = performance.now.bind(performance);

  let pendingRequests = 0;
  const realFetch = window.fetch.bind(window);
  window.fetch = (...args: Parameters<typeof fetch>) => {
    pendingRequests += 1;
    return realFetch(...args).finally(() => {
      pendingRequests -= 1;
    });
  };
  const realSend = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function send(this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
    pendingRequests += 1;
    this.addEventListener('loadend', () => (pendingRequests -= 1), { once: true });
    return realSend.apply(this, args);
  };

  const text = (element: Element | null) => (element?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 120);

  /**
   * What makes one screen differ from another: the path, the headings (a registration step, a
   * loaded page), open dialogs, alerts and the menu. A list's sort, page and search (the query
   * string) show the same screen with other rows.
   */
  const shown = (selector: string) => [...document.querySelectorAll(selector)].filter((e) => e.checkVisibility());
  const screenKey = (): string => {
    // Hidden steps and closed panels stay in the DOM: only what is shown makes the screen.
    const headings = shown('h1, h2, h3').map(text);
    const dialogs = shown('[role="dialog"], [role="alertdialog"]').map((dialog) => {
      const labelledBy = dialog.getAttribute('aria-labelledby');
      return dialog.getAttribute('aria-label') ?? text(labelledBy ? document.getElementById(labelledBy) : dialog);
    });
    const alerts = shown('[role="alert"]').map(text);
    // The header menu differs per role on the same address.
    const menus = shown('nav').map(text);
    return JSON.stringify([location.pathname, headings, dialogs, alerts, menus]);
  };

  let checkedKey: string | null = null;
  let mutations = 0;
  /** The mutation count when `settled` last returned: a check of that screen is valid until it moves. */
  let mutationsWhenSettled = -1;
  const update = () => {
    const root = document.documentElement;
    if (!root) return;
    if (screenKey() === checkedKey) root.removeAttribute(attribute);
    else root.setAttribute(attribute, '');
  };

  new MutationObserver(() => {
    mutations += 1;
    update();
  }).observe(document, { childList: true, subtree: true, characterData: true });
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      update();
    };
  }
  window.addEventListener('popstate', update);
  document.addEventListener('readystatechange', update);

  const busy = () =>
    document.readyState !== 'complete' ||
    pendingRequests > 0 ||
    // Transitions (a dialog fading in) change colours under axe; endless spinners never end.
    document
      .getAnimations()
      .some(
        (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
      ) ||
    // A spinner behind an open dialog (the button that opened it) is not what the user waits for.
    shown('[role="progressbar"]').some((progress) => !progress.closest('[aria-hidden="true"]')) ||
    // A dialog still fading in, also in the frames before its transition starts (axe saw its text
    // at 1.05:1 once, on a busy machine).
    shown('[role="dialog"], [role="alertdialog"]').some((dialog) => {
      for (let element: Element | null = dialog; element; element = element.parentElement) {
        if (Number(getComputedStyle(element).opacity) < 1) return true;
      }
      return false;
    });

  window.__lumioScreenWatch = {
    async settled(timeoutMs) {
      const deadline = now() + timeoutMs;
      let quietFrames = 0;
      while (quietFrames < 3 && now() < deadline) {
        const before = mutations;
        await new Promise((resolve) => nextFrame(resolve));
        quietFrames = mutations === before && !busy() ? quietFrames + 1 : 0;
      }
      mutationsWhenSettled = mutations;
      return screenKey();
    },
    stillSettledOn(key) {
      return mutations === mutationsWhenSettled && !busy() && screenKey() === key;
    },
    markChecked(key) {
      checkedKey = key;
      update();
    },
  };
}
