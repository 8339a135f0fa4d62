import { createHash, randomInt, randomUUID } from 'node:crypto';
import { addHours } from 'date-fns/addHours';
import { addYears } from 'date-fns/addYears';
import { parseISO } from 'date-fns/parseISO';
import { toIsoDate } from '../../src/domain/dates';
import { eidPhonePageUrl, normaliseName } from '../../src/domain/eid';
import type { EidErrorCode } from '../../src/domain/errorCatalogue';
import { newSecretToken } from '../lib/secret-token';
import type { EidIdentity, EidPort, EidResult, EidSessionRequest, EidSessionStarted, EidSessionUser } from './port';

/*
 * The embedded eID simulator (ARCHITECTURE.md "eID binding"): a stand-in for the eID service that
 * answers like an ID card would, chosen by a tester on the phone page /dev/eid/{mobileToken}
 * (server/eid/simulator-page.ts). Its sessions live in this process's memory: it exists only in the
 * embedded development mode, which is one process; after a restart it has forgotten its sessions
 * and answers them EID_SESSION_EXPIRED, as a real service does for sessions it no longer knows.
 */

/** The phone page's buttons, by the German names the browser tests press. */
export const SIMULATOR_ANSWERS = {
  match: 'Übereinstimmende Daten',
  otherBirthDate: 'Abweichendes Geburtsdatum',
  otherName: 'Abweichender Name',
  alreadyBound: 'Ausweis bereits mit einem anderen Konto verknüpft',
  sessionExpired: 'Sitzung abgelaufen',
  unreadable: 'Antwort nicht lesbar',
  unknownDocument: 'Unbekanntes Dokument',
  unknownUser: 'Unbekannter Benutzer',
  tokenCannotBeIssued: 'Token kann nicht ausgestellt werden',
  cancel: 'Abbrechen',
} as const;
export type SimulatorAnswer = keyof typeof SIMULATOR_ANSWERS;

const ERROR_ANSWERS: Partial<Record<SimulatorAnswer, EidErrorCode>> = {
  sessionExpired: 'EID_SESSION_EXPIRED',
  unreadable: 'EID_RESPONSE_UNREADABLE',
  unknownDocument: 'EID_UNKNOWN_DOCUMENT',
  unknownUser: 'EID_UNKNOWN_USER',
  tokenCannotBeIssued: 'EID_TOKEN_CANNOT_BE_ISSUED',
};

/**
 * The demo card that the demo data binds to inhaber@studio-sonnenschein.example (server/db/seed.ts):
 * the answer "Ausweis bereits mit einem anderen Konto verknüpft" presents it. (T22000129 is the
 * document number of the specimen card "Erika Mustermann".)
 */
export const DEMO_BOUND_CARD = 'T22000129';

/** A simulated card number: letters and digits, as the phone page's card field accepts them. */
export const CARD_NUMBER_PATTERN = /^[A-Z0-9]{1,40}$/;

/** Letters and digits of German ID card numbers (no vowels, so no words appear by chance). */
const CARD_ALPHABET = 'CFGHJKLMNPRTVWXYZ0123456789';
/** The transaction code's characters: nothing a person could misread (no 0/O, 1/I). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 6;

/**
 * The simulated card of a person: the same number for the same user every time, so a tester can
 * present one person's card (as that person's phone page showed it) for another. The card number
 * is also the card's pseudonym (a real card's pseudonym is not its number, which the eID never tells).
 */
export function simulatedCardNumber(userId: string): string {
  const digest = createHash('sha256').update(`lumio eid simulator card:${userId}`).digest();
  return Array.from(digest.subarray(0, 9), (byte) => CARD_ALPHABET[byte % CARD_ALPHABET.length]).join('');
}

/** A name as a card prints it: capitals, umlauts written out (to exercise the normalisation). */
export function asOnCard(name: string): string {
  return name.toLocaleUpperCase('de-DE').replace(/Ä/g, 'AE').replace(/Ö/g, 'OE').replace(/Ü/g, 'UE');
}

/** A birth date for profiles without one; it cannot match, so the data differ. */
const NO_BIRTH_DATE = '1970-01-01';

/** What the simulated card of `user` says for the chosen answer (the data answers only). */
function cardIdentity(user: EidSessionUser, answer: SimulatorAnswer, cardNumber: string): EidIdentity {
  const birthDate = user.birthDate ?? NO_BIRTH_DATE;
  const otherFamilyName = normaliseName(user.lastName) === 'mustermann' ? 'MUSTERFRAU' : 'MUSTERMANN';
  return {
    pseudonym: answer === 'alreadyBound' ? DEMO_BOUND_CARD : cardNumber,
    givenNames: asOnCard(user.firstName),
    familyName: answer === 'otherName' ? otherFamilyName : asOnCard(user.lastName),
    birthDate: answer === 'otherBirthDate' ? toIsoDate(addYears(parseISO(birthDate), 1)) : birthDate,
    documentType: 'ID',
  };
}

function answerResult(user: EidSessionUser, answer: SimulatorAnswer, cardNumber: string): EidResult {
  if (answer === 'cancel') return { kind: 'cancelled' };
  const code = ERROR_ANSWERS[answer];
  if (code) return { kind: 'error', code };
  return { kind: 'identity', identity: cardIdentity(user, answer, cardNumber) };
}

function transactionCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

interface SimulatedSession {
  providerSessionId: string;
  mobileToken: string;
  transactionCode: string;
  expiresAt: Date;
  user: EidSessionUser;
  result: EidResult;
  /** Answered on the phone, or ended by the portal: the phone page refuses it from then on. */
  closed: boolean;
}

/** What the phone page shows of an open session. */
export interface PhoneView {
  name: string;
  transactionCode: string;
  /** The person's own simulated card, prefilled in the card field. */
  cardNumber: string;
}

export interface EidSimulator extends EidPort {
  /** The phone page of a link: undefined when the token is unknown, used, ended or expired. */
  phoneView(mobileToken: string): PhoneView | undefined;
  /** The phone's answer; false (and no effect) when the session is not open any more. */
  answer(mobileToken: string, answer: SimulatorAnswer, cardNumber: string): boolean;
}

/** Sessions are forgotten this long after their end; the portal records final answers long before. */
const FORGET_AFTER_HOURS = 1;

export interface EidSimulatorOptions {
  clock: () => Date;
  /** The portal's public address: the phone page lives at {publicUrl}/dev/eid/{mobileToken}. */
  publicUrl: string;
}

export function createEidSimulator({ clock, publicUrl }: EidSimulatorOptions): EidSimulator {
  const byProviderId = new Map<string, SimulatedSession>();
  const byMobileToken = new Map<string, SimulatedSession>();

  function forgetOld(now: Date) {
    for (const session of byProviderId.values()) {
      if (addHours(session.expiresAt, FORGET_AFTER_HOURS) < now) {
        byProviderId.delete(session.providerSessionId);
        byMobileToken.delete(session.mobileToken);
      }
    }
  }

  function open(mobileToken: string): SimulatedSession | undefined {
    const session = byMobileToken.get(mobileToken);
    if (!session || session.closed || clock() >= session.expiresAt) return undefined;
    return session;
  }

  return {
    async startSession({ user, expiresAt }: EidSessionRequest): Promise<EidSessionStarted> {
      forgetOld(clock());
      const session: SimulatedSession = {
        providerSessionId: randomUUID(),
        mobileToken: newSecretToken(),
        transactionCode: transactionCode(),
        expiresAt,
        user,
        result: { kind: 'pending' },
        closed: false,
      };
      byProviderId.set(session.providerSessionId, session);
      byMobileToken.set(session.mobileToken, session);
      const { providerSessionId, mobileToken, transactionCode: code } = session;
      const qrValue = eidPhonePageUrl(publicUrl, mobileToken);
      return { providerSessionId, mobileToken, qrValue, transactionCode: code, expiresAt };
    },

    async result(providerSessionId: string): Promise<EidResult> {
      const session = byProviderId.get(providerSessionId);
      if (!session) return { kind: 'error', code: 'EID_SESSION_EXPIRED' };
      if (session.result.kind === 'pending' && clock() >= session.expiresAt) {
        return { kind: 'error', code: 'EID_SESSION_EXPIRED' };
      }
      return session.result;
    },

    async endSession(providerSessionId: string): Promise<void> {
      const session = byProviderId.get(providerSessionId);
      if (session) session.closed = true;
    },

    phoneView(mobileToken: string): PhoneView | undefined {
      const session = open(mobileToken);
      if (!session) return undefined;
      return {
        name: `${session.user.firstName} ${session.user.lastName}`,
        transactionCode: session.transactionCode,
        cardNumber: simulatedCardNumber(session.user.id),
      };
    },

    answer(mobileToken: string, answer: SimulatorAnswer, cardNumber: string): boolean {
      const session = open(mobileToken);
      if (!session) return false;
      session.result = answerResult(session.user, answer, cardNumber);
      session.closed = true;
      return true;
    },
  };
}
