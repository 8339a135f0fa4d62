import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the catcher received it over SMTP and parsed it back. */
export interface CaughtMail {
  id: string;
  /** When the catcher received it. */
  date: Date;
  messageId: string | undefined;
  from: string;
  /** The envelope recipients, comma-separated ("a@example.de, b@example.de"). */
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  /** The port the SMTP server listens on (127.0.0.1). */
  readonly port: number;
  /** Every kept mail, newest first. */
  list(): CaughtMail[];
  get(id: string): CaughtMail | undefined;
  /**
   * The newest kept mail that matches, or the first one to arrive within `timeoutMs`; rejects
   * when none does. Tests use it instead of sleeping.
   */
  waitFor(predicate: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  /**
   * A simulated relay outage: while on, every recipient is refused with a temporary SMTP error
   * (451), as a real relay does when it is overloaded, so the outbox's retries can be watched.
   */
  setOutage(on: boolean): void;
  readonly outage: boolean;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** Oldest mails are dropped beyond this many: the catcher lives in memory for a dev session. */
  limit?: number;
  /**
   * Where the SMTP server listens. The embedded mode takes a random loopback port; the standalone
   * catcher (scripts/mail-catcher.ts) a fixed one that Keycloak's realm and SMTP_URL name.
   */
  port?: number;
  host?: string;
  /** Errors after the start (a client that dropped its connection); they never stop the catcher. */
  onError?: (error: Error) => void;
}

const DEFAULT_LIMIT = 500;
/** Larger than any mail of the portal; a runaway sender cannot fill the memory with one mail. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function addressText(value: AddressObject | AddressObject[] | undefined): string {
  if (!value) return '';
  return (Array.isArray(value) ? value : [value]).map((a) => a.text).join(', ');
}

/**
 * The embedded mode's mail server: a real SMTP server on 127.0.0.1 (random port unless given) that parses
 * every mail and keeps it in memory, so sending goes through exactly the SMTP path production
 * uses and /dev/mail and the tests can read what was sent.
 */
export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const limit = options.limit ?? DEFAULT_LIMIT;
  const mails: CaughtMail[] = [];
  const arrivals = new EventEmitter();
  arrivals.setMaxListeners(0);
  let outage = false;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: MAX_MESSAGE_BYTES,
    // Closing the app should not wait the default 30 s for a client that forgot to quit.
    closeTimeout: 1000,
    onRcptTo(_address, _session, callback) {
      if (!outage) return callback();
      callback(
        Object.assign(new Error('Dienst vorübergehend nicht verfügbar (simulierter Ausfall)'), { responseCode: 451 }),
      );
    },
    onData(stream, session, callback) {
      // mailparser loads with the first mail, not with the server: about 55 ms of every start (issue 23).
      import('mailparser')
        .then(({ simpleParser }) => simpleParser(stream))
        .then(
          (parsed) => {
            const envelopeTo = session.envelope.rcptTo.map((r) => r.address).join(', ');
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            const mail: CaughtMail = {
              id: randomUUID(),
              date: new Date(),
              messageId: parsed.messageId,
              from: addressText(parsed.from) || envelopeFrom,
              to: envelopeTo || addressText(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html || '',
            };
            mails.unshift(mail);
            if (mails.length > limit) mails.length = limit;
            arrivals.emit('mail', mail);
            callback();
          },
          (err: Error) => callback(err),
        );
    },
  });

  // smtp-server re-emits every server and connection error (a client that hangs up mid-mail, too) as
  // its own 'error' event, which ends the process when nobody listens. Until the server listens, an
  // error (a taken port) fails the start; after that it is only reported.
  let failStart: ((error: Error) => void) | undefined;
  server.on('error', (error: Error) => (failStart ? failStart(error) : options.onError?.(error)));
  await new Promise<void>((resolve, reject) => {
    failStart = reject;
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      failStart = undefined;
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    list: () => [...mails],
    get: (id) => mails.find((m) => m.id === id),
    waitFor(predicate, timeoutMs = 5000) {
      const found = mails.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<CaughtMail>((resolve, reject) => {
        const onMail = (mail: CaughtMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          arrivals.off('mail', onMail);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          arrivals.off('mail', onMail);
          reject(new Error(`no matching mail within ${timeoutMs} ms`));
        }, timeoutMs);
        arrivals.on('mail', onMail);
      });
    },
    setOutage(on) {
      outage = on;
    },
    get outage() {
      return outage;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
