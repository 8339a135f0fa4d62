/** The browser tab's title: the page's German name, then the product ('Firmen – Lumio'). */
export const PRODUCT_NAME = 'Lumio';

export function pageTitle(pageName?: string | null): string {
  const name = pageName?.trim();
  return name ? `${name} – ${PRODUCT_NAME}` : PRODUCT_NAME;
}
