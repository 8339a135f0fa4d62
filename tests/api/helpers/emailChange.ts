import type { FastifyInstance } from 'fastify';
import { EMAIL_CHANGE_CONFIRMATION_SUBJECT } from '../../../server/mail/templates/email-change-confirmation';

/**
 * The confirmation link of the newest e-mail-change mail to `newEmail`, as the API path and query
 * the confirmation page calls (`/api/user-email-change-request/{id}/confirm?token=…`, or the
 * administrator's). `except` skips links already seen (an earlier request to the same address).
 */
export async function mailedEmailChangePath(
  app: FastifyInstance,
  newEmail: string,
  except: readonly string[] = [],
): Promise<string> {
  const pathOf = (text: string) => {
    const match =
      /\/((?:user|administrator)-email-change-request)\/([0-9a-f-]{36})\/confirm\?token=([A-Za-z0-9_-]+)/.exec(text);
    return match ? `/api/${match[1]}/${match[2]}/confirm?token=${match[3]}` : undefined;
  };
  const mail = await app.mailCatcher!.waitFor((m) => {
    if (m.to !== newEmail.toLowerCase() || m.subject !== EMAIL_CHANGE_CONFIRMATION_SUBJECT) return false;
    const path = pathOf(m.text);
    return path !== undefined && !except.includes(path);
  });
  return pathOf(mail.text)!;
}
