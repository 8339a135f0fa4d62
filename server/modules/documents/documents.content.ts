import { MAX_DOCUMENT_NAME_LENGTH, type DocumentContentType } from '../../../src/domain/documents';

/*
 * What the server believes about an upload comes from the bytes, never from the client's header
 * or file name: a renamed executable stays an executable.
 */

const SIGNATURES: { type: DocumentContentType; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', bytes: [...Buffer.from('%PDF-', 'ascii')] },
];

/** The content type by the file's signature, or undefined for anything but JPEG, PNG and PDF. */
export function detectDocumentType(bytes: Buffer): DocumentContentType | undefined {
  return SIGNATURES.find((s) => bytes.length >= s.bytes.length && s.bytes.every((b, i) => bytes[i] === b))?.type;
}

export const FALLBACK_DOCUMENT_NAME = 'Dokument';
const MAX_EXTENSION_LENGTH = 16;

/** Control characters (C0, DEL, C1) and the bidi controls that can disguise "gpj.exe" as "exe.jpg". */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The name as the x-filename header carries it (URI-encoded UTF-8), made safe to store and to
 * offer as a download name: only the last path segment (both / and \ separate), no control
 * characters, no leading dots or spaces, NFC (a macOS "ä" is two code points), at most 200
 * characters with the extension kept; empty becomes 'Dokument'.
 */
export function sanitizeFileName(header: string | undefined): string {
  if (!header) return FALLBACK_DOCUMENT_NAME;
  let name: string;
  try {
    name = decodeURIComponent(header);
  } catch {
    // Not valid percent-encoding: the raw header is still a usable name once cleaned.
    name = header;
  }
  name = name.normalize('NFC').replace(INVISIBLE, '');
  name = name.split(/[/\\]/).pop() ?? '';
  name = name.replace(/^[\s.]+/, '').trim();
  const chars = Array.from(name);
  if (chars.length > MAX_DOCUMENT_NAME_LENGTH) {
    const dot = name.lastIndexOf('.');
    const extension = dot > 0 ? Array.from(name.slice(dot)) : [];
    const keep = extension.length > 1 && extension.length <= MAX_EXTENSION_LENGTH ? extension : [];
    name = [...chars.slice(0, MAX_DOCUMENT_NAME_LENGTH - keep.length), ...keep].join('').trim();
  }
  return name || FALLBACK_DOCUMENT_NAME;
}

/** Extensions that match each detected type; the first one is added when a name has none of them. */
const TYPE_EXTENSIONS: Record<DocumentContentType, readonly string[]> = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
};

/** A name's last ".xyz" when it reads as an extension: up to 16 letters and digits, one a letter. */
function splitExtension(name: string): { stem: string; extension: string } {
  const match = /\.([A-Za-z0-9]{1,16})$/.exec(name);
  if (!match || match.index === 0 || !/[A-Za-z]/.test(match[1])) return { stem: name, extension: '' };
  return { stem: name.slice(0, match.index), extension: name.slice(match.index) };
}

/**
 * The name a document is offered under: its extension always that of the type detected from its
 * bytes, so a PDF named "Gewerbeanmeldung.pdf.hta" or a PNG named "Nachweis.html" cannot open in
 * another program (a polyglot file runs as what its name says). A matching extension is kept as
 * written ("Foto.JPG", "Scan.jpeg"); a wrong one is replaced, unless the name already ends in the
 * right one before it ("Gewerbeanmeldung.pdf.hta" → "Gewerbeanmeldung.pdf"); a missing one is
 * added ("Foto" → "Foto.jpg"). Applied at upload and again at download, for names stored before.
 */
export function nameForType(name: string, contentType: string): string {
  const allowed = TYPE_EXTENSIONS[contentType as DocumentContentType];
  if (!allowed) return name;
  const matches = (extension: string) => allowed.includes(extension.toLowerCase());
  const { stem, extension } = splitExtension(name);
  if (matches(extension)) return name;
  const inner = splitExtension(stem);
  if (inner.extension && matches(inner.extension)) return stem;
  const base = stem.replace(/[\s.]+$/, '') || FALLBACK_DOCUMENT_NAME;
  const kept = Array.from(base).slice(0, MAX_DOCUMENT_NAME_LENGTH - allowed[0].length);
  return `${kept.join('').trimEnd()}${allowed[0]}`;
}

const GERMAN_ASCII: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', Ä: 'Ae', Ö: 'Oe', Ü: 'Ue', ß: 'ss' };

/** RFC 5987 value: percent-encoded UTF-8, including the characters encodeURIComponent leaves alone. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition for a download: an ASCII `filename` for old clients (umlauts spelled out,
 * other accents dropped, anything else '_') and the exact name in `filename*` (RFC 6266/5987).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name
    .replace(/[äöüÄÖÜß]/g, (c) => GERMAN_ASCII[c])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}
