/**
 * The text of a PDF, page by page, as a reader's copy and paste would give it: pdfjs-dist (the
 * PDF reader of Firefox) extracts each page's text items. Statements are checked through it, so a
 * text that is only drawn (not extractable) or an umlaut that the font cannot encode fails.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const loading = pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  const document = await loading.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
          .join('')
          // A header cell wrapped over two lines reads as one text.
          .replace(/\s+/g, ' '),
      );
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}
