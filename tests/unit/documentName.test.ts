import { describe, expect, it } from 'vitest';
import { nameForType } from '../../server/modules/documents/documents.content';

const PDF = 'application/pdf';
const PNG = 'image/png';
const JPEG = 'image/jpeg';

describe('document name follows the detected type', () => {
  it.each([
    ['Gewerbeanmeldung.pdf.hta', PDF, 'Gewerbeanmeldung.pdf'],
    ['Nachweis.html', PNG, 'Nachweis.png'],
    ['Foto', JPEG, 'Foto.jpg'],
    ['Rechnung.exe', PDF, 'Rechnung.pdf'],
    ['x.pdf', PNG, 'x.png'],
    ['Ausweis.png.svg', PNG, 'Ausweis.png'],
    ['Scan.PDF.hta', PDF, 'Scan.PDF'],
    ['a.pdf.hta.exe', PDF, 'a.pdf.hta.pdf'],
    ['Dokument', PDF, 'Dokument.pdf'],
    ['Foto.', JPEG, 'Foto.jpg'],
  ])('offers %j (%s) as %j', (name, type, expected) => {
    expect(nameForType(name, type)).toBe(expected);
  });

  it.each([
    ['Gewerbeanmeldung.pdf', PDF],
    ['SCAN.PDF', PDF],
    ['Grundriss.png', PNG],
    ['Foto.jpg', JPEG],
    ['Foto.JPG', JPEG],
    ['Foto.jpeg', JPEG],
    ['Foto.Jpeg', JPEG],
  ])('keeps %j, whose extension already matches, as written', (name, type) => {
    expect(nameForType(name, type)).toBe(name);
  });

  it('reads only a short run of letters and digits after the last dot as an extension', () => {
    expect(nameForType('Dr. Müller Gewerbe', PDF)).toBe('Dr. Müller Gewerbe.pdf');
    expect(nameForType('Version 1.2', PDF)).toBe('Version 1.2.pdf');
    expect(nameForType('Scan 2024.01.15', PNG)).toBe('Scan 2024.01.15.png');
    expect(nameForType('Antrag.entwurf-final', PDF)).toBe('Antrag.entwurf-final.pdf');
  });

  it('stays within 200 characters when it adds an extension', () => {
    const name = nameForType('Ä'.repeat(200), PNG);
    expect(Array.from(name)).toHaveLength(200);
    expect(name).toBe(`${'Ä'.repeat(196)}.png`);
  });

  it('leaves a name alone for a type it does not know', () => {
    expect(nameForType('Bild.gif', 'image/gif')).toBe('Bild.gif');
  });
});
