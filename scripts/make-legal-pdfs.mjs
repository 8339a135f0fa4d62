// Writes the German template PDFs linked from the studio registration:
//   public/legal/agb.pdf          (Allgemeine Geschäftsbedingungen)
//   public/legal/datenschutz.pdf  (Datenschutzerklärung)
// Both are clearly marked as templates the operator must replace (or point TERMS_PDF_URL /
// PRIVACY_PDF_URL elsewhere). No PDF library is installed, so the file is written by hand: PDF 1.4,
// A4 pages, the standard fonts Helvetica and Helvetica-Bold in WinAnsiEncoding (umlauts, ß, –,
// „“), and a cross-reference table whose byte offsets the script checks before it writes.
//
// Usage: node scripts/make-legal-pdfs.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'public', 'legal');

const TEMPLATE_NOTICE = 'Vorlage – vom Betreiber zu ersetzen';
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const STYLES = {
  title: { font: 'F2', size: 18, leading: 26 },
  notice: { font: 'F2', size: 11, leading: 16 },
  heading: { font: 'F2', size: 12, leading: 20 },
  text: { font: 'F1', size: 10.5, leading: 14 },
};
const LINE_WIDTH = PAGE.width - 2 * PAGE.margin;

/**
 * Glyph widths of Helvetica in 1/1000 em (Adobe's AFM), for wrapping lines inside the margins.
 * Umlauts are as wide as their base letters; Helvetica-Bold is about 6 % wider on average.
 */
const HELVETICA_WIDTHS = Object.fromEntries(
  Object.entries({
    ' .,:;![]/|ijlft': 278,
    "'": 191,
    '()-r„“': 333,
    '"': 355,
    '*': 389,
    '?': 556,
    cksvxyz: 500,
    J: 500,
    L: 556,
    FTZ: 611,
    ß: 611,
    ABEKPSVXYÄ: 667,
    CDHNRUwÜ: 722,
    GOQÖ: 778,
    mM: 833,
    W: 944,
    '%': 889,
    '&': 667,
    '@': 1015,
    '§–': 556,
    I: 278,
  }).flatMap(([chars, width]) => [...chars].map((char) => [char, width])),
);
const glyphWidth = (char) => HELVETICA_WIDTHS[char] ?? 556;

/** Width of a text in points. */
function textWidth(text, font, size) {
  const units = [...text].reduce((sum, char) => sum + glyphWidth(char), 0);
  return (units * size * (font === 'F2' ? 1.06 : 1)) / 1000;
}

/** Characters of WinAnsiEncoding outside ASCII that the texts use. */
const WIN_ANSI = new Map([
  ['ä', 0xe4],
  ['ö', 0xf6],
  ['ü', 0xfc],
  ['Ä', 0xc4],
  ['Ö', 0xd6],
  ['Ü', 0xdc],
  ['ß', 0xdf],
  ['–', 0x96],
  ['„', 0x84],
  ['“', 0x93],
  ['§', 0xa7],
  ['€', 0x80],
]);

function winAnsi(text) {
  const bytes = [];
  for (const char of text) {
    const code = char.codePointAt(0);
    if (code >= 0x20 && code < 0x7f) bytes.push(code);
    else if (WIN_ANSI.has(char)) bytes.push(WIN_ANSI.get(char));
    else throw new Error(`Zeichen nicht in WinAnsiEncoding: ${JSON.stringify(char)}`);
  }
  return Buffer.from(bytes);
}

/** A PDF literal string in WinAnsiEncoding, with (, ) and \ escaped. */
function pdfString(text) {
  const escaped = [];
  for (const byte of winAnsi(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) escaped.push(0x5c);
    escaped.push(byte);
  }
  return Buffer.concat([Buffer.from('('), Buffer.from(escaped), Buffer.from(')')]);
}

/** UTF-16BE hex string, for the document information (PDFDocEncoding lacks some characters). */
function pdfTextString(text) {
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

function wrap(text, fits) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && !fits(`${line} ${word}`)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays the blocks out on A4 pages; returns one content stream (Buffer) per page. */
function layout(blocks, footer) {
  const pages = [];
  let parts = [];
  let y = PAGE.height - PAGE.margin;
  const bottom = PAGE.margin + 28;
  const flush = () => {
    pages.push(parts);
    parts = [];
    y = PAGE.height - PAGE.margin;
  };
  for (const { style, text, gapBefore = 0 } of blocks) {
    const { font, size, leading } = STYLES[style];
    y -= gapBefore;
    for (const line of wrap(text, (candidate) => textWidth(candidate, font, size) <= LINE_WIDTH)) {
      if (y - leading < bottom) flush();
      y -= leading;
      const color = style === 'notice' ? '0.75 0 0 rg' : '0 0 0 rg';
      parts.push(
        Buffer.from(`BT ${color} /${font} ${size} Tf ${PAGE.margin} ${y.toFixed(2)} Td `),
        pdfString(line),
        Buffer.from(' Tj ET\n'),
      );
    }
  }
  if (parts.length) flush();
  return pages.map((pageParts, index) =>
    Buffer.concat([
      ...pageParts,
      Buffer.from(`BT 0.45 0.45 0.45 rg /F1 8.5 Tf ${PAGE.margin} ${PAGE.margin} Td `),
      pdfString(`${footer} – Seite ${index + 1} von ${pages.length}`),
      Buffer.from(' Tj ET\n'),
    ]),
  );
}

/** Assembles the objects, the cross-reference table and the trailer. */
function buildPdf({ title, blocks }) {
  const streams = layout(blocks, `${title} (${TEMPLATE_NOTICE})`);
  const objects = [];
  const add = (body) => {
    objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body));
    return objects.length;
  };
  const catalog = add('');
  const pages = add('');
  const helvetica = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const helveticaBold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(
    `<< /Title ${pdfTextString(`${title} – ${TEMPLATE_NOTICE}`)} /Producer (Lumio scripts/make-legal-pdfs.mjs) >>`,
  );
  const pageIds = streams.map((content) => {
    const contentId = add(
      Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('endstream')]),
    );
    return add(
      `<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
        `/Resources << /Font << /F1 ${helvetica} 0 R /F2 ${helveticaBold} 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
  });
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pages} 0 R /Lang (de-DE) >>`);
  objects[pages - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
  );

  // The second line's high bytes tell tools the file is binary (PDF 1.4, section 3.4.1).
  const chunks = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets = [];
  objects.forEach((body, index) => {
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    offsets.push(offset);
    chunks.push(object);
    offset += object.length;
  });
  const xrefOffset = offset;
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n/f, space, newline.
  const entries = ['0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)];
  chunks.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n${entries.join('')}` +
        `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\n` +
        `startxref\n${xrefOffset}\n%%EOF\n`,
    ),
  );
  const pdf = Buffer.concat(chunks);
  verify(pdf, objects.length);
  return pdf;
}

/** Reads the cross-reference table back and checks that every offset starts its object. */
function verify(pdf, objectCount) {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  if (text.slice(startxref, startxref + 5) !== 'xref\n') throw new Error('startxref zeigt nicht auf xref');
  const table = text.slice(startxref).split('\n');
  if (table[1] !== `0 ${objectCount + 1}`) throw new Error('xref-Kopf stimmt nicht');
  for (let id = 1; id <= objectCount; id += 1) {
    const entry = `${table[2 + id]}\n`;
    if (entry.length !== 20) throw new Error(`xref-Eintrag ${id} ist nicht 20 Bytes lang`);
    const at = Number(entry.slice(0, 10));
    if (!text.startsWith(`${id} 0 obj\n`, at)) throw new Error(`Offset von Objekt ${id} stimmt nicht`);
  }
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const end = match.index + match[0].length + Number(match[1]);
    if (!text.startsWith('endstream', end)) throw new Error('Stream-Länge stimmt nicht');
  }
}

const heading = (text) => ({ style: 'heading', text, gapBefore: 6 });
const paragraph = (text) => ({ style: 'text', text, gapBefore: 3 });
const intro = (title) => [
  { style: 'title', text: title },
  { style: 'notice', text: `${TEMPLATE_NOTICE.toUpperCase()}`, gapBefore: 4 },
  {
    style: 'notice',
    text:
      'Dieses Dokument ist ein Platzhalter, den Lumio mitliefert. Es ist keine Rechtsberatung und nicht ' +
      'verbindlich. Der Betreiber des Portals ersetzt es vor dem Betrieb durch seine eigene, rechtlich ' +
      'geprüfte Fassung (Datei ersetzen oder TERMS_PDF_URL bzw. PRIVACY_PDF_URL setzen).',
    gapBefore: 2,
  },
];

const DOCUMENTS = [
  {
    file: 'agb.pdf',
    title: 'Allgemeine Geschäftsbedingungen (AGB)',
    blocks: [
      ...intro('Allgemeine Geschäftsbedingungen (AGB) für das Lumio-Portal'),
      heading('§ 1 Geltungsbereich'),
      paragraph(
        'Diese Bedingungen gelten für die Nutzung des Lumio-Portals durch Fotostudios und deren ' +
          'Mitarbeitende. Anbieter ist [Name des Betreibers, Anschrift, Registergericht und -nummer]. ' +
          'Abweichende Bedingungen der Nutzer gelten nur, wenn der Anbieter ihnen schriftlich zustimmt.',
      ),
      heading('§ 2 Registrierung und Vertragsschluss'),
      paragraph(
        'Ein Fotostudio beantragt den Zugang über die Registrierung. Der Antrag wird erst nach Bestätigung ' +
          'der E-Mail-Adresse und einer manuellen Prüfung der Angaben und Nachweise angenommen. Ein Anspruch ' +
          'auf Zulassung besteht nicht. Der Vertrag kommt mit der Freischaltung des Kontos zustande.',
      ),
      heading('§ 3 Leistungen'),
      paragraph(
        'Der Anbieter stellt das Portal zur Verwaltung von Studios, Mitarbeitenden, Lizenzen und ' +
          'identitätsgeprüften Vorgängen bereit. Der genaue Leistungsumfang ergibt sich aus [Leistungsbeschreibung ' +
          'bzw. Preisliste des Betreibers].',
      ),
      heading('§ 4 Pilotphase'),
      paragraph(
        'Das Portal befindet sich in der Pilotphase. Funktionen und Bedingungen können sich ändern. ' +
          'Änderungen werden per E-Mail angekündigt.',
      ),
      heading('§ 5 Pflichten der Nutzer'),
      paragraph(
        'Nutzer machen wahrheitsgemäße Angaben, halten Zugangsdaten geheim und nutzen das Portal nur im ' +
          'Rahmen der geltenden Gesetze, insbesondere der Vorschriften für Lichtbilder in Pass- und ' +
          'Ausweisverfahren.',
      ),
      heading('§ 6 Vergütung'),
      paragraph('[Regelungen zu Preisen, Abrechnung und Zahlungsfristen des Betreibers]'),
      heading('§ 7 Haftung'),
      paragraph('[Haftungsregelung des Betreibers]'),
      heading('§ 8 Laufzeit und Kündigung'),
      paragraph('[Regelungen zu Laufzeit, Kündigung und Löschung des Kontos]'),
      heading('§ 9 Schlussbestimmungen'),
      paragraph(
        'Es gilt das Recht der Bundesrepublik Deutschland. [Gerichtsstand und weitere Bestimmungen des Betreibers]',
      ),
      paragraph('Stand: [Datum]'),
    ],
  },
  {
    file: 'datenschutz.pdf',
    title: 'Datenschutzerklärung',
    blocks: [
      ...intro('Datenschutzerklärung für das Lumio-Portal'),
      heading('1. Verantwortlicher'),
      paragraph(
        '[Name des Betreibers, Anschrift, E-Mail-Adresse; ggf. Kontaktdaten der oder des ' + 'Datenschutzbeauftragten]',
      ),
      heading('2. Welche Daten wir bei der Registrierung verarbeiten'),
      paragraph(
        'Anrede, Vor- und Nachname, Geburtsdatum und E-Mail-Adresse der antragstellenden Person; Firmenname, ' +
          'Rechtsform, Adresse, Land, Telefonnummern, Webseite und Mitgliedsnummer des Studios; die ' +
          'hochgeladenen Nachweise (JPEG, PNG oder PDF). Die Nachweise werden verschlüsselt gespeichert.',
      ),
      heading('3. Zwecke und Rechtsgrundlagen'),
      paragraph(
        'Die Daten dienen der Prüfung des Antrags, der Einrichtung des Kontos und der Erfüllung des ' +
          'Nutzungsvertrags (Art. 6 Abs. 1 lit. b DSGVO) sowie gesetzlicher Pflichten (Art. 6 Abs. 1 lit. c ' +
          'DSGVO). [Weitere Zwecke und Rechtsgrundlagen des Betreibers]',
      ),
      heading('4. Weitergabe an Dritte'),
      paragraph(
        'Zur Identitätsprüfung werden Daten an den Anbieter des eID-Verfahrens übermittelt. [Name des ' +
          'eID-Anbieters, Auftragsverarbeiter wie Hosting- und E-Mail-Dienstleister]',
      ),
      heading('5. Speicherdauer'),
      paragraph(
        'Nachweise, die keinem Antrag zugeordnet werden, löschen wir nach 2 Stunden. Nachweise abgelehnter ' +
          'Anträge löschen wir nach Ablauf der Aufbewahrungsfrist von [Anzahl] Tagen. [Weitere Fristen des ' +
          'Betreibers]',
      ),
      heading('6. Ihre Rechte'),
      paragraph(
        'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, ' +
          'Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde ' +
          'zu beschweren. [Zuständige Aufsichtsbehörde]',
      ),
      heading('7. Cookies'),
      paragraph(
        'Das Portal setzt nur technisch notwendige Cookies, etwa für die Anmeldung und den Schutz vor ' +
          'gefälschten Anfragen.',
      ),
      paragraph('Stand: [Datum]'),
    ],
  },
];

mkdirSync(outDir, { recursive: true });
for (const document of DOCUMENTS) {
  const pdf = buildPdf(document);
  writeFileSync(join(outDir, document.file), pdf);
  console.log(`${join('public', 'legal', document.file)}: ${pdf.length} Bytes`);
}
