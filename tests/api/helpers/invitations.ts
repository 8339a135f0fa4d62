import type { FastifyInstance } from 'fastify';
import { EMPLOYEE_INVITATION_SUBJECT } from '../../../server/mail/templates/employee-invitation';
import { EMPLOYEE_REGISTERED_SUBJECT } from '../../../server/mail/templates/employee-registered';

const INVITATION_LINK = /http:\/\/localhost:8080\/employee-invitation\/([A-Za-z0-9_-]{43})(?=\s|$)/m;
const SET_PASSWORD_LINK = /\/login-actions\/set-password\?token=([\w-]{43})/;

/**
 * The token of the newest invitation mail to `email` (the id of /employee-invitation/{id}).
 * `except` skips tokens already seen (an earlier invitation of the same address).
 */
export async function mailedInvitationToken(
  app: FastifyInstance,
  email: string,
  except: readonly string[] = [],
): Promise<string> {
  const tokenOf = (text: string) => INVITATION_LINK.exec(text)?.[1];
  const mail = await app.mailCatcher!.waitFor((m) => {
    if (m.to !== email.toLowerCase() || m.subject !== EMPLOYEE_INVITATION_SUBJECT) return false;
    const token = tokenOf(m.text);
    return token !== undefined && !except.includes(token);
  });
  return tokenOf(mail.text)!;
}

/** The set-password token of the second mail, which follows the registration through the invitation. */
export async function mailedSetPasswordToken(app: FastifyInstance, email: string): Promise<string> {
  const mail = await app.mailCatcher!.waitFor(
    (m) => m.to === email.toLowerCase() && m.subject === EMPLOYEE_REGISTERED_SUBJECT && SET_PASSWORD_LINK.test(m.text),
  );
  return SET_PASSWORD_LINK.exec(mail.text)![1];
}

/** A registration body that passes the rules (spec section 5). */
export const registrationBody = (overrides: Record<string, unknown> = {}) => ({
  salutation: 'Frau',
  firstName: 'Ella',
  lastName: 'Eingeladen',
  birthDate: '1995-04-12',
  ...overrides,
});
