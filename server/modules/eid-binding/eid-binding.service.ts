import { addMinutes } from 'date-fns/addMinutes';
import type { FastifyBaseLogger } from 'fastify';
import {
  canStartEidBinding,
  EID_SESSION_MINUTES,
  identityDifferences,
  type EidBindingDone,
  type EidBindingStarted,
} from '../../../src/domain/eid';
import { SERVER_MESSAGES, type EidErrorCode } from '../../../src/domain/errorCatalogue';
import { nextStatus } from '../../../src/domain/userStatus';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { pseudonymHash } from '../../eid/pseudonym';
import type { EidIdentity, EidPort, EidResult } from '../../eid/port';
import { ApiError, notFound, type ApiMessage } from '../../errors';
import { MAIL_KINDS, type MailOutbox, type QueueMail } from '../../mail/outbox';
import { metrics } from '../../metrics/registry';
import { eidBoundMail } from '../../mail/templates/eid-bound';
import { eidReviewOpenedMail } from '../../mail/templates/eid-review-opened';
import type { CurrentUser } from '../../plugins/auth';
import { recordAudit } from '../audit/audit';
import { eidReviewRepository } from '../eid-reviews/eid-reviews.repository';
import { employeeRepository } from '../users/employees.repository';
import type { Employee } from '../users/employees.schemas';
import { eidBindingRepository, eidSessionRepository } from './eid-binding.repository';
import type { RecordedEidAnswer } from './eid-binding.table';

/** The HTTP status of each error a binding can end with (the contract of issue 11). */
const EID_ERROR_STATUS: Record<EidErrorCode, number> = {
  EID_SESSION_EXPIRED: 410,
  EID_DOCUMENT_ALREADY_BOUND: 409,
  EID_UNKNOWN_DOCUMENT: 422,
  EID_UNKNOWN_USER: 422,
  EID_RESPONSE_UNREADABLE: 502,
  EID_TOKEN_CANNOT_BE_ISSUED: 503,
  EID_DOCUMENT_DOES_NOT_MATCH_USER: 409,
};

/** The person cancelled in the ID app: not an error of the card or the service, so no EID_* code of spec section 8. */
const EID_CANCELLED = 'EID_CANCELLED';

const failed = (code: EidErrorCode): RecordedEidAnswer => ({
  status: EID_ERROR_STATUS[code],
  errorCode: code,
  message: SERVER_MESSAGES.eidVerificationFailed,
});
const CANCELLED: RecordedEidAnswer = { status: 409, errorCode: EID_CANCELLED, message: SERVER_MESSAGES.eidCancelled };
/** The user's status no longer takes a binding (the status machine refuses a match). */
const ALREADY_BOUND: RecordedEidAnswer = {
  status: 409,
  errorCode: 'CONFLICT',
  message: SERVER_MESSAGES.eidAlreadyBound,
};

const sessionNotFound = () => new ApiError(404, SERVER_MESSAGES.sessionNotFound);
const alreadyBound = () => new ApiError(409, SERVER_MESSAGES.eidAlreadyBound);
const reviewPending = () => new ApiError(409, SERVER_MESSAGES.eidReviewPending);
const cannotIssueToken = () => new ApiError(503, SERVER_MESSAGES.eidVerificationFailed, 'EID_TOKEN_CANNOT_BE_ISSUED');

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A session's outcome for the metrics: matched, review_pending, or the code it ended with. */
function outcomeOf(answer: RecordedEidAnswer): string {
  if ('done' in answer) return answer.done.outcome === 'matched' ? 'matched' : 'review_pending';
  return answer.errorCode === EID_CANCELLED ? 'cancelled' : answer.errorCode;
}

/** A recorded answer as the API gives it: the result, or the recorded error thrown again. */
function replay(answer: RecordedEidAnswer): EidBindingDone {
  if ('done' in answer) return answer.done;
  throw new ApiError(answer.status, answer.message as ApiMessage, answer.errorCode);
}

/** What the audit trail keeps of a person: the name, so the history can say whom it was about. */
const named = (person: Employee) => ({ firstName: person.firstName, lastName: person.lastName });

/** A company user: only they bind an ID (the routes refuse everyone else). */
export type BindingUser = CurrentUser & { companyId: string };

export interface EidBindingDeps {
  db: Db;
  config: AppConfig;
  outbox: MailOutbox;
  /** The eID service; undefined when none is configured (server/eid/index.ts). */
  eid: EidPort | undefined;
  /** Key of the pseudonyms' HMAC (server/eid/pseudonym.ts). */
  pseudonymKey: Buffer;
  /** The time of session starts, ends and bindings; tests move it past a session's end. */
  clock: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The eID binding of a company user (spec sections 2, 4, 7; ARCHITECTURE.md "eID binding"):
 * starting a session at the eID service, and the status checks that record its outcome once.
 * A session belongs to its user, ends after EID_SESSION_MINUTES and has one effect: its first final
 * answer is recorded with the effect (binding, status, review, audit row, mail) in one transaction,
 * and every later status check repeats that answer.
 */
export function eidBindingService({ db, config, outbox, eid, pseudonymKey, clock, log }: EidBindingDeps) {
  /** Tells the service that the portal stopped waiting; a failure only means the phone may still answer. */
  async function endAtService(providerSessionIds: string[]) {
    for (const id of providerSessionIds) {
      await eid?.endSession(id).catch((err: unknown) => log.warn({ err }, 'the eID service could not end a session'));
    }
  }

  /** The service's state of a session; a failing service counts as an unreadable answer. */
  async function askService(providerSessionId: string): Promise<EidResult> {
    // A session outlives its service only across a restart with another configuration: it is gone.
    if (!eid) return { kind: 'error', code: 'EID_SESSION_EXPIRED' };
    try {
      return await eid.result(providerSessionId);
    } catch (err) {
      log.error({ err }, 'the eID service did not answer a status check');
      return { kind: 'error', code: 'EID_RESPONSE_UNREADABLE' };
    }
  }

  /**
   * Applies what the card told to the locked person: the same card bound to anyone (else) is
   * EID_DOCUMENT_ALREADY_BOUND; matching data move the status (eidMatches) and bind the card;
   * differing data (after normalisation) hold the card for this user and open a review.
   */
  async function bind(
    tx: Tx,
    queueMail: QueueMail,
    user: BindingUser,
    person: Employee,
    identity: EidIdentity,
    now: Date,
  ) {
    const cardHash = pseudonymHash(pseudonymKey, identity.pseudonym);
    const bindings = eidBindingRepository(tx);
    await bindings.lockCard(cardHash);
    if (await bindings.findByCard(cardHash)) return failed('EID_DOCUMENT_ALREADY_BOUND');

    const differences = identityDifferences(person, identity);
    const status = nextStatus(person.status, differences.length ? 'eidDiffers' : 'eidMatches');
    if (!status) return differences.length ? failed('EID_DOCUMENT_DOES_NOT_MATCH_USER') : ALREADY_BOUND;
    const matched = differences.length === 0;
    await bindings.insert({
      userId: person.id,
      pseudonymHash: cardHash,
      documentType: identity.documentType,
      createdAt: now,
      boundAt: matched ? now : null,
    });
    const audit = { entityType: 'user' as const, entityId: person.id, companyId: user.companyId };
    if (matched) {
      await employeeRepository(tx).setStatus(person.id, status, now);
      await recordAudit(tx, user, {
        ...audit,
        action: 'eid.bound',
        before: { ...named(person), status: person.status },
        after: { ...named(person), status, documentType: identity.documentType },
      });
      await queueMail({
        kind: MAIL_KINDS.eidBound,
        reference: person.id,
        message: eidBoundMail(
          { ...person, to: person.email, status, boundAt: now, loginUrl: `${config.publicUrl}/` },
          config.brandOwner,
        ),
      });
      return { status: 200 as const, done: { outcome: 'matched' as const, status } };
    }
    await eidReviewRepository(tx).insertOpen({
      userId: person.id,
      createdAt: now,
      givenNames: identity.givenNames,
      familyName: identity.familyName,
      birthDate: identity.birthDate,
    });
    await recordAudit(tx, user, {
      ...audit,
      action: 'eid.review-opened',
      after: { ...named(person), status, differences },
    });
    await queueMail({
      kind: MAIL_KINDS.eidReviewOpened,
      reference: person.id,
      message: eidReviewOpenedMail({ ...person, to: person.email, differences }, config.brandOwner),
    });
    return { status: 200 as const, done: { outcome: 'reviewPending' as const, status } };
  }

  /** The answer and effect of a final result. */
  async function settle(
    tx: Tx,
    queueMail: QueueMail,
    user: BindingUser,
    person: Employee,
    result: EidResult,
    now: Date,
  ): Promise<RecordedEidAnswer> {
    switch (result.kind) {
      case 'cancelled':
        return CANCELLED;
      case 'error':
        return failed(result.code);
      case 'identity':
        return bind(tx, queueMail, user, person, result.identity, now);
      case 'pending':
        throw new Error('a pending result has nothing to settle');
    }
  }

  return {
    /**
     * Starts a session for a company user whose ID is not bound yet (409 'eID already bound'
     * otherwise) and who has no open review (409 'eID review pending'); the user's unfinished
     * sessions end with it. 503 EID_TOKEN_CANNOT_BE_ISSUED when the eID service cannot start one.
     */
    async start(user: BindingUser): Promise<EidBindingStarted> {
      if (!canStartEidBinding(user.role, user.status)) throw alreadyBound();
      const now = clock();
      const { started, replaced } = await db.transaction(async (tx) => {
        // The person's row is the lock of every start and status check of theirs.
        const person = await employeeRepository(tx).lock(user.companyId, user.id);
        if (!person) throw notFound();
        if (!canStartEidBinding(person.role, person.status)) throw alreadyBound();
        if (await eidReviewRepository(tx).hasOpen(person.id)) throw reviewPending();
        if (!eid) throw cannotIssueToken();
        const sessions = eidSessionRepository(tx);
        const replacedIds = await sessions.finishOpenOfUser(person.id, failed('EID_SESSION_EXPIRED'), now);
        const wanted = addMinutes(now, EID_SESSION_MINUTES);
        // Asked while the person's row is locked: two starts at once run one after the other, so
        // exactly one session stays open.
        let session;
        try {
          session = await eid.startSession({ user: person, expiresAt: wanted });
        } catch (err) {
          log.error({ err }, 'the eID service could not start a session');
          metrics.eidSession('EID_TOKEN_CANNOT_BE_ISSUED');
          throw cannotIssueToken();
        }
        const expiresAt = session.expiresAt < wanted ? session.expiresAt : wanted;
        const row = await sessions.insert({
          userId: person.id,
          providerSessionId: session.providerSessionId,
          createdAt: now,
          expiresAt,
        });
        return {
          started: {
            sessionId: row.id,
            mobileToken: session.mobileToken,
            qrValue: session.qrValue,
            transactionCode: session.transactionCode,
            expiresAt: expiresAt.toISOString(),
          },
          replaced: replacedIds,
        };
      });
      metrics.eidSession('started');
      metrics.eidSession('replaced', replaced.length);
      await endAtService(replaced);
      return started;
    },

    /**
     * The status check: null while the session runs (204), the outcome once it is done (200), or
     * the error it ended with. A missing or malformed id, an unknown one and another user's are all
     * 'Session not found'. The first final answer is recorded with its effect; asking again repeats it.
     */
    async poll(user: BindingUser, sessionId: string | undefined): Promise<EidBindingDone | null> {
      if (!sessionId || !SESSION_ID.test(sessionId)) throw sessionNotFound();
      const session = await eidSessionRepository(db).findOwn(sessionId.toLowerCase(), user.id);
      if (!session) throw sessionNotFound();
      if (session.answer) return replay(session.answer);

      const now = clock();
      const expired = now >= session.expiresAt;
      const result: EidResult = expired
        ? { kind: 'error', code: 'EID_SESSION_EXPIRED' }
        : await askService(session.providerSessionId);
      if (result.kind === 'pending') return null;

      const answer = await outbox.transaction(db, async (tx, queueMail) => {
        // The person first, then the session: the order a start takes them in, so the two never deadlock.
        const person = await employeeRepository(tx).lock(user.companyId, user.id);
        if (!person) throw notFound();
        const locked = await eidSessionRepository(tx).lockOwn(session.id, user.id);
        if (!locked) throw sessionNotFound();
        // Another status check recorded the answer in the meantime: that one counts.
        if (locked.answer) return { recorded: locked.answer, first: false };
        const recorded = await settle(tx, queueMail, user, person, result, now);
        await eidSessionRepository(tx).finish(session.id, recorded, now);
        return { recorded, first: true };
      });
      // Counted once per session, after its outcome committed.
      if (answer.first) metrics.eidSession(outcomeOf(answer.recorded));
      if (expired) await endAtService([session.providerSessionId]);
      return replay(answer.recorded);
    },
  };
}
