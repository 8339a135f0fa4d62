import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import {
  amountMustBeMoreThan,
  EID_ERROR_CODES,
  EID_ERROR_TEXTS,
  ERROR_DIALOG_TITLE,
  errorBodyOf,
  errorToGermanText,
  isKnownServerMessage,
  SERVER_MESSAGES,
  SERVER_MESSAGE_TEXTS,
  TECHNICAL_ERROR_TEXT,
  toGermanErrorText,
  VALIDATION_FAILED,
} from '../../src/domain/errorCatalogue';

const body = (message: string, errorCode = 'SOME_CODE') => ({ errorCode, messages: [message] });

/** Spec section 8, row by row: server message → German text. */
const specRows: [string, string][] = [
  ['Forbidden', 'Zugriff verweigert.'],
  ['Not found', 'Nicht gefunden.'],
  ['Unauthorized', 'Fehlende Berechtigung.'],
  ['Internal error', 'Ein interner Fehler ist aufgetreten. Bitte versuchen Sie es später erneut.'],
  ['Payment required', 'Zahlung erforderlich.'],
  ['Unknown system integrator', 'Der Systemintegrator konnte nicht gefunden werden.'],
  ['Document not found', 'Anlage konnte nicht gefunden werden.'],
  ['Document not pending approval', 'Anlage ist nicht zur Genehmigung ausstehend.'],
  ['License key unknown', 'Der Lizenzschlüssel ist nicht bekannt.'],
  ['License key already in use', 'Der Lizenzschlüssel wird bereits verwendet.'],
  ['Invalid system integrator id', 'Ungültige Systemintegrator-ID.'],
  ['Invalid store id', 'Ungültige Studio-ID.'],
  ['Invalid reseller id', 'Ungültige Reseller-ID.'],
  ['Invalid license key', 'Ungültiger Lizenzschlüssel.'],
  ['Code already in use', 'Der Code wird bereits verwendet.'],
  ['E-mail already in use', 'E-Mail-Adresse wird bereits verwendet oder wurde erst kürzlich gelöscht.'],
  ['No application found', 'Kein Antrag gefunden.'],
  ['Session not found', 'Session nicht gefunden.'],
  ['Invitation not found', 'Einladung nicht gefunden.'],
  ['License key not valid for this company', 'Der Lizenzschlüssel ist für dieses Unternehmen nicht gültig.'],
  ['License suspended', 'Die Lizenz ist ausgesetzt.'],
  ['No prepaid credit', 'Kein Guthaben verfügbar.'],
];

const tryAgainLaterRows: [string, string][] = [
  ['Cannot encrypt file', 'Die Datei konnte nicht verschlüsselt werden.'],
  ['Cannot store file', 'Die Datei konnte nicht gespeichert werden.'],
  ['Cannot decrypt file', 'Die Datei konnte nicht entschlüsselt werden.'],
  ['Cannot download file', 'Die Datei konnte nicht heruntergeladen werden.'],
  ['Cannot encrypt document', 'Die Anlage konnte nicht verschlüsselt werden.'],
  ['Cannot store document', 'Die Anlage konnte nicht gespeichert werden.'],
  ['Cannot decrypt document', 'Die Anlage konnte nicht entschlüsselt werden.'],
  ['Cannot download document', 'Die Anlage konnte nicht heruntergeladen werden.'],
  ['Upload capacity reached', 'Derzeit können keine weiteren Dateien angenommen werden.'],
];

describe('error catalogue', () => {
  it('has the dialog title of spec section 8', () => {
    expect(ERROR_DIALOG_TITLE).toBe('Das war nicht so geplant :/');
  });

  it.each(specRows)('maps "%s" to its German text', (message, german) => {
    expect(toGermanErrorText(body(message))).toBe(german);
  });

  it.each(tryAgainLaterRows)('maps "%s" to its own try-again-later text', (message, start) => {
    expect(toGermanErrorText(body(message))).toBe(`${start} Bitte versuchen Sie es später erneut.`);
  });

  it('gives each file and document failure a different text', () => {
    const texts = tryAgainLaterRows.map(([message]) => toGermanErrorText(body(message)));
    expect(new Set(texts).size).toBe(tryAgainLaterRows.length);
  });

  it('asks to try again when no unique licence key could be generated', () => {
    expect(toGermanErrorText(body('Unique license key could not be generated'))).toBe(
      'Es konnte kein eindeutiger Lizenzschlüssel erzeugt werden. Bitte versuchen Sie es erneut.',
    );
  });

  it('puts the number of "Amount must be more than N" into the German text', () => {
    expect(toGermanErrorText(body('Amount must be more than 0'))).toBe('Der Betrag muss größer als 0 sein.');
    expect(toGermanErrorText(body(amountMustBeMoreThan(25)))).toBe('Der Betrag muss größer als 25 sein.');
  });

  it('covers every exported server message with a German text that is not the fallback', () => {
    for (const key of Object.keys(SERVER_MESSAGES) as (keyof typeof SERVER_MESSAGES)[]) {
      expect(toGermanErrorText(body(SERVER_MESSAGES[key]))).toBe(SERVER_MESSAGE_TEXTS[key]);
      expect(SERVER_MESSAGE_TEXTS[key]).not.toBe(TECHNICAL_ERROR_TEXT);
    }
    const tableMessages = [...specRows, ...tryAgainLaterRows].map(([message]) => message);
    expect(Object.values(SERVER_MESSAGES)).toEqual(
      expect.arrayContaining([...tableMessages, 'Unique license key could not be generated']),
    );
  });

  it("translates the 'Meine Daten' answers for any screen, the failed one apart from the expired one", () => {
    expect(toGermanErrorText(body('Data export expired', 'GONE'))).toBe(
      'Diese Zusammenstellung Ihrer Daten ist abgelaufen und wurde gelöscht. Bitte fordern Sie eine neue an.',
    );
    expect(toGermanErrorText(body('Data export not ready', 'CONFLICT'))).toBe(
      'Ihre Daten werden noch zusammengestellt. Sie können sie herunterladen, sobald sie bereitstehen.',
    );
    expect(toGermanErrorText(body('Data export failed', 'DATA_EXPORT_FAILED'))).toBe(
      'Die Zusammenstellung Ihrer Daten ist fehlgeschlagen, es gibt nichts herunterzuladen. Bitte fordern Sie sie erneut an.',
    );
  });

  it('uses only the first message', () => {
    expect(toGermanErrorText({ messages: ['Not found', 'Forbidden'] })).toBe('Nicht gefunden.');
  });

  it('falls back to the technical-error text for anything else', () => {
    expect(toGermanErrorText(body('Something exploded'))).toBe('Ein technischer Fehler ist aufgetreten.');
    expect(toGermanErrorText(body('not found'))).toBe(TECHNICAL_ERROR_TEXT);
    expect(toGermanErrorText(body('Amount must be more than lots'))).toBe(TECHNICAL_ERROR_TEXT);
    expect(toGermanErrorText({ errorCode: 'CONFLICT', messages: [] })).toBe(TECHNICAL_ERROR_TEXT);
    expect(toGermanErrorText({})).toBe(TECHNICAL_ERROR_TEXT);
    expect(toGermanErrorText(undefined)).toBe(TECHNICAL_ERROR_TEXT);
  });

  describe('eID error codes', () => {
    it.each(EID_ERROR_CODES.map((code) => [code]))('%s overrides the message', (code) => {
      const text = toGermanErrorText({ errorCode: code, messages: ['Forbidden'] });
      expect(text).toBe(EID_ERROR_TEXTS[code]);
      expect(text).not.toBe('Zugriff verweigert.');
      expect(text).not.toBe(TECHNICAL_ERROR_TEXT);
    });

    it('words the codes distinctly', () => {
      expect(new Set(Object.values(EID_ERROR_TEXTS)).size).toBe(EID_ERROR_CODES.length);
      expect(EID_ERROR_TEXTS.EID_SESSION_EXPIRED).toMatch(/abgelaufen/);
      expect(EID_ERROR_TEXTS.EID_DOCUMENT_ALREADY_BOUND).toMatch(/bereits/);
      expect(EID_ERROR_TEXTS.EID_DOCUMENT_DOES_NOT_MATCH_USER).toMatch(/stimmen nicht/);
    });
  });

  describe('validation failures', () => {
    const validation = (...messages: string[]) => ({ errorCode: VALIDATION_FAILED, messages });

    it('shows German field messages without the technical field prefix, joined', () => {
      expect(
        toGermanErrorText(
          validation(
            'name: Bitte geben Sie einen Namen ein.',
            'code: Die Kennung darf höchstens 50 Zeichen lang sein.',
          ),
        ),
      ).toBe('Bitte geben Sie einen Namen ein. Die Kennung darf höchstens 50 Zeichen lang sein.');
    });

    it('translates catalogue messages sent as validation failures (malformed ids)', () => {
      expect(toGermanErrorText(validation('Invalid system integrator id'))).toBe('Ungültige Systemintegrator-ID.');
      expect(toGermanErrorText(validation('userId: Invalid user id'))).toBe('Ungültige Benutzer-ID.');
      expect(toGermanErrorText(validation('Invalid company id'))).toBe('Ungültige Firmen-ID.');
    });

    it('shows the same text only once', () => {
      expect(toGermanErrorText(validation('a: Bitte wählen Sie aus.', 'b: Bitte wählen Sie aus.'))).toBe(
        'Bitte wählen Sie aus.',
      );
    });

    it("shows the server's German type and unknown-field messages as they are", () => {
      expect(toGermanErrorText(validation('name: Ungültige Eingabe: erwartet string, erhalten Zahl'))).toBe(
        'Ungültige Eingabe: erwartet string, erhalten Zahl',
      );
      expect(toGermanErrorText(validation('foo: Unbekanntes Feld'))).toBe('Unbekanntes Feld');
    });

    it('falls back to the technical-error text when the failure names no message', () => {
      expect(toGermanErrorText(validation())).toBe(TECHNICAL_ERROR_TEXT);
    });
  });

  describe('finding the body in a rejection', () => {
    it('reads react-admin HttpError bodies', () => {
      const error = new HttpError('Code already in use', 409, {
        errorCode: 'CONFLICT',
        messages: ['Code already in use'],
      });
      expect(errorToGermanText(error)).toBe('Der Code wird bereits verwendet.');
    });

    it('prefers the eID code in an HttpError body', () => {
      const error = new HttpError('Bad request', 400, { errorCode: 'EID_UNKNOWN_USER', messages: ['Bad request'] });
      expect(errorToGermanText(error)).toBe(EID_ERROR_TEXTS.EID_UNKNOWN_USER);
    });

    it('accepts a bare error body', () => {
      expect(errorToGermanText({ errorCode: 'NOT_FOUND', messages: ['Not found'], traceId: 't', status: 404 })).toBe(
        'Nicht gefunden.',
      );
    });

    it('uses the error message when there is no body', () => {
      expect(errorToGermanText(new HttpError('Forbidden', 403))).toBe('Zugriff verweigert.');
      expect(errorToGermanText(new TypeError('Failed to fetch'))).toBe(TECHNICAL_ERROR_TEXT);
      expect(errorToGermanText('Not found')).toBe('Nicht gefunden.');
    });

    it('gives nothing for values that carry no error information', () => {
      expect(errorBodyOf(null)).toBeUndefined();
      expect(errorBodyOf(42)).toBeUndefined();
      expect(errorToGermanText(undefined)).toBe(TECHNICAL_ERROR_TEXT);
    });

    it('knows which messages it translates', () => {
      expect(isKnownServerMessage('Code already in use')).toBe(true);
      expect(isKnownServerMessage('Amount must be more than 3')).toBe(true);
      expect(isKnownServerMessage('Failed to fetch')).toBe(false);
    });
  });
});
