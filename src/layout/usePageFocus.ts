import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to show its heading (a record still loading) before we give up. */
const HEADING_WAIT_MS = 10_000;

/** The page's visible h1 inside `main`: react-admin's title portal stays in the DOM while empty. */
export function pageHeading(main: HTMLElement): HTMLElement | null {
  for (const heading of main.querySelectorAll<HTMLElement>('h1')) {
    if (heading.textContent?.trim() && !heading.closest('[hidden], [aria-hidden="true"]')) return heading;
  }
  return null;
}

/** Focus on a heading, which is no tab stop (tabindex -1); the page does not jump to it. */
function focusHeading(heading: HTMLElement): void {
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

const focusIsLost = () => !document.activeElement || document.activeElement === document.body;

/**
 * WCAG 2.4.3 (issue 25): the focus never falls back to the page body.
 * - On every route change (and on the first page after login) the new page's h1 takes the focus
 *   once it is there, so a screen reader announces the page and Tab starts at its top. If the
 *   user or a dialog of the new page places the focus first, it stays where they put it.
 * - When the focused element leaves the DOM without a route change (a deleted row, a dialog
 *   whose opener is gone), the heading takes the focus instead of the body.
 */
export function usePageFocus(mainId: string): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return undefined;
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('focusin', onFocusPlaced, true);
    };
    const focusWhenShown = () => {
      const heading = pageHeading(main);
      if (!heading) return;
      stop();
      focusHeading(heading);
    };
    const onFocusPlaced = (event: FocusEvent) => {
      if (event.target !== document.body) stop();
    };
    const observer = new MutationObserver(focusWhenShown);
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    document.addEventListener('focusin', onFocusPlaced, true);
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    focusWhenShown();
    return stop;
  }, [mainId, pathname]);

  useEffect(() => {
    const main = document.getElementById(mainId);
    if (!main) return undefined;
    let lastFocused: Element | null = null;
    const remember = (event: FocusEvent) => {
      lastFocused = event.target instanceof Element ? event.target : null;
    };
    const observer = new MutationObserver(() => {
      if (!lastFocused || lastFocused.isConnected || !focusIsLost()) return;
      const heading = pageHeading(main);
      if (heading) focusHeading(heading);
    });
    document.addEventListener('focusin', remember, true);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      document.removeEventListener('focusin', remember, true);
      observer.disconnect();
    };
  }, [mainId]);
}
