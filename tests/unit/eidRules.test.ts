import { describe, expect, it } from 'vitest';
import { eidDocumentTypeLabel, eidPhonePageUrl } from '../../src/domain/eid';

describe('the QR code’s address', () => {
  it('is the phone page of the session under the portal’s own origin', () => {
    expect(eidPhonePageUrl('https://portal.lumio.example', 'abc123')).toBe(
      'https://portal.lumio.example/dev/eid/abc123',
    );
  });

  it('encodes the mobile token as one path segment and tolerates a trailing slash', () => {
    expect(eidPhonePageUrl('http://127.0.0.1:8080/', 'a/b+c d?e')).toBe(
      'http://127.0.0.1:8080/dev/eid/a%2Fb%2Bc%20d%3Fe',
    );
  });
});

describe('the document type shown to the reviewer', () => {
  it('names the eID document types in German', () => {
    expect(eidDocumentTypeLabel('ID')).toBe('Personalausweis');
    expect(eidDocumentTypeLabel('id')).toBe('Personalausweis');
    expect(eidDocumentTypeLabel('UB')).toBe('eID-Karte für Unionsbürger');
    expect(['AR', 'AS', 'AF'].map(eidDocumentTypeLabel)).toEqual(Array(3).fill('Elektronischer Aufenthaltstitel'));
  });

  it('shows a type without a German name as sent', () => {
    expect(eidDocumentTypeLabel('XY')).toBe('XY');
  });
});
