import type { EidErrorCode } from '../../src/domain/errorCatalogue';

/*
 * The eID port (ARCHITECTURE.md "eID binding"): everything the portal asks of an eID service, and
 * nothing more. The embedded simulator (server/eid/simulator.ts) implements it; an adapter for a
 * real eID service implements the same interface later. docs/eid-port.md is the implementer's guide:
 * what each call must return, the error codes, the timing, and what the portal keeps.
 */

/** The person a binding session is for: the portal's profile data. */
export interface EidSessionUser {
  /** The portal's user id (opaque to the service). */
  id: string;
  firstName: string;
  lastName: string;
  /** ISO date or null. */
  birthDate: string | null;
}

export interface EidSessionRequest {
  user: EidSessionUser;
  /** When the portal gives up on the session (EID_SESSION_MINUTES after the start). */
  expiresAt: Date;
}

export interface EidSessionStarted {
  /** The service's id of the session; the portal keeps it and never shows it to the browser. */
  providerSessionId: string;
  /** The session's token for the phone; the screen shows it as text. */
  mobileToken: string;
  /**
   * What the QR code encodes: the address the phone opens to answer this session (the simulator's
   * phone page {PUBLIC_URL}/dev/eid/{mobileToken}; a real service's own link, e.g. for its ID app).
   */
  qrValue: string;
  /** Short code the phone shows too, so the person sees both belong together (anti-phishing). */
  transactionCode: string;
  /** When the service ends the session; the portal keeps the earlier of this and its own end. */
  expiresAt: Date;
}

/** What the card told: the minimum the portal asks for (research/domain.md §5). */
export interface EidIdentity {
  /**
   * The card's pseudonym for this service (restricted identification): the same card gives the
   * same value every time, another card another one. Kept by the portal only as an HMAC.
   */
  pseudonym: string;
  /** All given names as on the card, separated by spaces. */
  givenNames: string;
  familyName: string;
  /** ISO date "YYYY-MM-DD". */
  birthDate: string;
  /** e.g. "ID" (Personalausweis), "AR" (residence permit), as the eID service names it. */
  documentType: string;
}

/**
 * The state of a session. Once it is final (everything but `pending`), asking again must give the
 * same answer: the portal may ask more than once (a second poll, a second API replica).
 */
export type EidResult =
  | { kind: 'pending' }
  | { kind: 'identity'; identity: EidIdentity }
  | { kind: 'error'; code: EidErrorCode }
  | { kind: 'cancelled' };

export interface EidPort {
  /** Starts a session; throws when it cannot (the browser gets 503 EID_TOKEN_CANNOT_BE_ISSUED). */
  startSession(request: EidSessionRequest): Promise<EidSessionStarted>;
  /** The session's state; an unknown or forgotten session is `error` EID_SESSION_EXPIRED. */
  result(providerSessionId: string): Promise<EidResult>;
  /**
   * The portal no longer waits for this session (a newer one replaced it, or it expired): the
   * service may drop it, and the phone must not be able to answer it any more. Best effort.
   */
  endSession(providerSessionId: string): Promise<void>;
}
