import PDFDocument from 'pdfkit';

/**
 * The page mechanics of a statement's PDF (pdfkit, A4): a cursor that moves down the page and
 * starts a new one when the next block does not fit, tables whose header row is repeated on every
 * page they run onto, and the footer with 'Seite n von m' written on every page once all pages
 * exist (bufferPages). The built-in Helvetica writes WinAnsi, which holds ä, ö, ü, ß, „ “ and …,
 * so no font is embedded and every text stays extractable.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 50, footerHeight: 36 } as const;
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - PAGE.footerHeight;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const BODY_SIZE = 9;
const CELL_PADDING = 3;
const ROW_HEIGHT = 15;
const GRID = '#b0b0b0';
const HEADER_FILL = '#eeeeee';

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right';
}

export type DocumentInfo = { title: string; createdAt: Date };

export class StatementPdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private y = PAGE.margin;

  constructor(info: DocumentInfo) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: PAGE.margin,
      bufferPages: true,
      autoFirstPage: true,
      lang: 'de-DE',
      info: { Title: info.title, Author: 'Lumio', Creator: 'Lumio', CreationDate: info.createdAt },
    });
    this.doc.font(FONT).fontSize(BODY_SIZE);
  }

  /** Starts a new page when `height` does not fit below the cursor; true when it did. */
  ensureSpace(height: number): boolean {
    if (this.y + height <= BOTTOM) return false;
    this.doc.addPage();
    this.y = PAGE.margin;
    return true;
  }

  gap(height: number) {
    this.y += height;
  }

  /** A text over the whole width, wrapped; a new page first when it does not fit. */
  paragraph(text: string, options: { size?: number; bold?: boolean; color?: string } = {}) {
    const { size = BODY_SIZE, bold = false, color = 'black' } = options;
    this.doc.font(bold ? BOLD : FONT).fontSize(size);
    const height = this.doc.heightOfString(text, { width: CONTENT_WIDTH });
    this.ensureSpace(height);
    this.doc.fillColor(color).text(text, PAGE.margin, this.y, { width: CONTENT_WIDTH });
    this.doc.fillColor('black');
    this.y += height + 2;
  }

  /** Label and value side by side, the value wrapped in its column. */
  field(label: string, value: string, labelWidth = 110) {
    this.doc.font(FONT).fontSize(BODY_SIZE + 1);
    const width = CONTENT_WIDTH - labelWidth;
    const height = this.doc.heightOfString(value || ' ', { width });
    this.ensureSpace(height);
    this.doc.font(BOLD).text(label, PAGE.margin, this.y, { width: labelWidth - 6 });
    this.doc.font(FONT).text(value, PAGE.margin + labelWidth, this.y, { width });
    this.y += height + 3;
  }

  /** The title line with an optional red marker after it (a preview's 'vorläufig'). */
  title(text: string, marker?: string) {
    this.doc.font(BOLD).fontSize(18).fillColor('black').text(text, PAGE.margin, this.y, { lineBreak: false });
    if (marker) {
      const x = PAGE.margin + this.doc.widthOfString(text) + 12;
      this.doc.fillColor('#b00020').text(marker, x, this.y, { lineBreak: false }).fillColor('black');
    }
    this.y += 28;
  }

  /** A table; its header row is drawn again at the top of every page it continues on. */
  table(columns: readonly Column[], rows: readonly (readonly string[])[], boldLastRow = false) {
    const headerHeight = this.headerHeight(columns);
    // The header and at least one row together, so that no header stands alone at a page's end.
    this.ensureSpace(headerHeight + ROW_HEIGHT);
    this.headerRow(columns, headerHeight);
    rows.forEach((cells, index) => {
      if (this.ensureSpace(ROW_HEIGHT)) this.headerRow(columns, headerHeight);
      this.row(columns, cells, boldLastRow && index === rows.length - 1);
    });
    this.y += 6;
  }

  /** Measured once per column set: a long statement draws the same header hundreds of times. */
  private readonly headerHeights = new WeakMap<readonly Column[], number>();

  private headerHeight(columns: readonly Column[]): number {
    const known = this.headerHeights.get(columns);
    if (known !== undefined) return known;
    this.doc.font(BOLD).fontSize(BODY_SIZE);
    const tallest = Math.max(
      ...columns.map((c) => this.doc.heightOfString(c.header, { width: c.width - 2 * CELL_PADDING })),
    );
    this.headerHeights.set(columns, tallest + 2 * CELL_PADDING);
    return tallest + 2 * CELL_PADDING;
  }

  private headerRow(columns: readonly Column[], height: number) {
    const { doc } = this;
    doc.rect(PAGE.margin, this.y, CONTENT_WIDTH, height).fillAndStroke(HEADER_FILL, GRID).fillColor('black');
    doc.font(BOLD).fontSize(BODY_SIZE);
    let x = PAGE.margin;
    for (const column of columns) {
      doc.text(column.header, x + CELL_PADDING, this.y + CELL_PADDING, {
        width: column.width - 2 * CELL_PADDING,
        align: column.align ?? 'left',
      });
      x += column.width;
    }
    this.y += height;
  }

  private row(columns: readonly Column[], cells: readonly string[], bold: boolean) {
    const { doc } = this;
    doc.font(bold ? BOLD : FONT).fontSize(BODY_SIZE);
    let x = PAGE.margin;
    columns.forEach((column, i) => {
      const text = this.fit(cells[i] ?? '', column.width - 2 * CELL_PADDING);
      if (text === '') {
        x += column.width;
        return;
      }
      const textX =
        column.align === 'right' ? x + column.width - CELL_PADDING - doc.widthOfString(text) : x + CELL_PADDING;
      doc.text(text, textX, this.y + 4, { lineBreak: false });
      x += column.width;
    });
    doc
      .moveTo(PAGE.margin, this.y + ROW_HEIGHT)
      .lineTo(PAGE.margin + CONTENT_WIDTH, this.y + ROW_HEIGHT)
      .lineWidth(0.5)
      .stroke(GRID);
    this.y += ROW_HEIGHT;
  }

  /**
   * The text cut to the column's width with '…' in its middle, so a long text never runs into the
   * next cell and both ends stay: device ids differ at their end ("STUDIO-…-PC-01", "…-PC-02").
   */
  private fit(text: string, width: number): string {
    if (text === '' || this.doc.widthOfString(text) <= width) return text;
    const chars = Array.from(text);
    let keep = chars.length - 1;
    const cut = () => {
      const head = Math.ceil(keep / 2);
      return `${chars.slice(0, head).join('')}…${chars.slice(chars.length - (keep - head)).join('')}`;
    };
    while (keep > 1 && this.doc.widthOfString(cut()) > width) keep--;
    return cut();
  }

  /** Writes the footer on every page and answers the file's bytes. */
  finish(footer: (page: number, pages: number) => { left: string; right: string }): Promise<Buffer> {
    const { doc } = this;
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      const { left, right } = footer(i - start + 1, count);
      const y = PAGE.height - PAGE.margin - 12;
      doc
        .moveTo(PAGE.margin, y - 6)
        .lineTo(PAGE.margin + CONTENT_WIDTH, y - 6)
        .lineWidth(0.5)
        .stroke(GRID);
      doc.font(FONT).fontSize(8).fillColor('#444444');
      doc.text(this.fit(left, CONTENT_WIDTH - 90), PAGE.margin, y, { lineBreak: false });
      doc.text(right, PAGE.margin + CONTENT_WIDTH - doc.widthOfString(right), y, { lineBreak: false });
    }
    doc.end();
    return done;
  }
}

export const CONTENT = { width: CONTENT_WIDTH } as const;
