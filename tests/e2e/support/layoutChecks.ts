import { expect, type Locator, type Page } from '@playwright/test';

/** The page is not wider than the window: nothing makes the visitor scroll sideways. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `Seitenbreite bei ${innerWidth} px Fensterbreite`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Texts the page cuts off: labels, legends and column headers wider than their box, and anything
 * that ends in an ellipsis. Text hidden for screen readers only (1 px boxes) does not count.
 */
export async function truncatedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => {
        if (!element.checkVisibility() || element.clientWidth <= 1 || !element.textContent?.trim()) return false;
        const style = getComputedStyle(element);
        const isLabel = element.matches('label, legend, th, .MuiFormLabel-root, .MuiTypography-root');
        const cutsText = style.textOverflow === 'ellipsis' || (isLabel && style.overflowX !== 'visible');
        return cutsText && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => element.textContent!.trim()),
  );
}

/** Presses Tab until the element has the keyboard focus (at most `maxStops` times). */
export async function tabTo(page: Page, target: Locator, maxStops = 40): Promise<void> {
  for (let stop = 0; stop < maxStops; stop += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `nach ${maxStops} Tabulatorschritten`).toBeFocused();
}

/** The focused element shows a focus ring of at least 2 px. */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}
