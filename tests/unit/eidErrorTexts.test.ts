import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { EID_ERROR_CODES, errorToGermanText, TECHNICAL_ERROR_TEXT } from '../../src/domain/errorCatalogue';

/** An error answer as the data provider rejects with it (src/dataProvider/http.ts). */
const answer = (status: number, errorCode: string, message: string) =>
  new HttpError(message, status, { errorCode, messages: [message], traceId: 'trace-1', status });

/**
 * Issue 11's contract: each status check error carries its EID_* code with the message 'eID
 * verification failed'; the code decides the German text. Written out by hand, so a changed text
 * is a decision, not an accident.
 */
const STATUS_CHECK_ERRORS = [
  {
    code: 'EID_SESSION_EXPIRED',
    status: 410,
    text: 'Die eID-Sitzung ist abgelaufen. Bitte starten Sie die Verifizierung erneut.',
  },
  {
    code: 'EID_DOCUMENT_ALREADY_BOUND',
    status: 409,
    text: 'Dieser Ausweis ist bereits mit einem anderen Benutzerkonto verknüpft.',
  },
  { code: 'EID_UNKNOWN_DOCUMENT', status: 422, text: 'Der Ausweis ist unbekannt und kann nicht verwendet werden.' },
  { code: 'EID_UNKNOWN_USER', status: 422, text: 'Zu diesem Ausweis ist kein Benutzerkonto bekannt.' },
  {
    code: 'EID_RESPONSE_UNREADABLE',
    status: 502,
    text: 'Die Antwort des eID-Servers konnte nicht gelesen werden. Bitte starten Sie die Verifizierung erneut.',
  },
  {
    code: 'EID_TOKEN_CANNOT_BE_ISSUED',
    status: 503,
    text: 'Für die eID-Verifizierung konnte kein Zugangstoken ausgestellt werden. Bitte versuchen Sie es später erneut.',
  },
  {
    code: 'EID_DOCUMENT_DOES_NOT_MATCH_USER',
    status: 409,
    text: 'Die Daten auf dem Ausweis stimmen nicht mit Ihren Benutzerdaten überein.',
  },
] as const;

describe('the German text of every eID error', () => {
  it('covers each of the seven EID_* codes of spec section 8', () => {
    expect(STATUS_CHECK_ERRORS.map((e) => e.code).sort()).toEqual([...EID_ERROR_CODES].sort());
  });

  it.each(STATUS_CHECK_ERRORS)('$code ($status) reads “$text”', ({ code, status, text }) => {
    expect(errorToGermanText(answer(status, code, 'eID verification failed'))).toBe(text);
  });

  it('lets the code win over any message the answer carries', () => {
    expect(errorToGermanText(answer(409, 'EID_DOCUMENT_ALREADY_BOUND', 'Forbidden'))).toBe(
      'Dieser Ausweis ist bereits mit einem anderen Benutzerkonto verknüpft.',
    );
  });

  it('reads a cancel on the phone (EID_CANCELLED, 409) as cancelled, with the offer to start again', () => {
    expect(errorToGermanText(answer(409, 'EID_CANCELLED', 'eID verification cancelled'))).toBe(
      'Die Verifizierung wurde in der Ausweis-App abgebrochen. Sie können sie jederzeit erneut starten.',
    );
  });

  it('has German texts for the refused starts and an unknown session', () => {
    expect(errorToGermanText(answer(409, 'CONFLICT', 'eID review pending'))).toBe(
      'Ihre persönlichen Daten und die Daten Ihres Ausweises werden gerade geprüft. Sie erhalten eine E-Mail, sobald die Prüfung abgeschlossen ist.',
    );
    expect(errorToGermanText(answer(409, 'CONFLICT', 'eID already bound'))).toBe(
      'Ihr Ausweis ist bereits mit Ihrem Konto verknüpft. Eine weitere Verifizierung ist nicht nötig.',
    );
    expect(errorToGermanText(answer(404, 'NOT_FOUND', 'Session not found'))).toBe('Session nicht gefunden.');
  });

  it('falls back to German for an unknown eID failure, never to the English message', () => {
    const text = errorToGermanText(answer(500, 'EID_SOMETHING_NEW', 'eID verification failed'));
    expect(text).toBe('Die eID-Verifizierung ist fehlgeschlagen. Bitte starten Sie die Verifizierung erneut.');
    expect(text).not.toBe(TECHNICAL_ERROR_TEXT);
  });
});
