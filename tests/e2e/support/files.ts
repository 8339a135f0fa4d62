import { crc32, deflateSync } from 'node:zlib';
import { MAX_DOCUMENT_BYTES } from '../../../src/domain/documents';

/** What Playwright's setInputFiles takes for a file that exists only in memory. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * A real PNG (2×2 pixels, RGB, colours from `seed`), so the server's content check sees a PNG
 * signature and any image viewer could open the downloaded copy.
 */
export function pngFile(name: string, seed = 0): FilePayload {
  const width = 2;
  const height = 2;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  // compression, filter and interlace methods stay 0
  const rows: number[] = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(0); // filter type None
    for (let x = 0; x < width; x += 1) rows.push((seed + 40 * x) % 256, (seed + 80 * y) % 256, (seed * 7) % 256);
  }
  const buffer = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer };
}

/** A one-page PDF with a line of text and a correct cross-reference table. */
export function pdfFile(name: string, text = 'Gewerbeanmeldung'): FilePayload {
  const content = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A PNG one byte over the 2 MB limit (a valid PNG start, then padding): refused as too large. */
export function tooLargePngFile(name: string): FilePayload {
  const buffer = Buffer.alloc(MAX_DOCUMENT_BYTES + 1);
  pngFile(name).buffer.copy(buffer);
  return { name, mimeType: 'image/png', buffer };
}

/** A Windows executable (MZ header): a type the upload refuses. */
export function exeFile(name: string): FilePayload {
  const buffer = Buffer.alloc(1024);
  buffer.write('MZ', 0, 'ascii');
  buffer.write('This program cannot be run in DOS mode.', 78, 'ascii');
  return { name, mimeType: 'application/x-msdownload', buffer };
}
