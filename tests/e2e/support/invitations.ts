import type { APIRequestContext } from '@playwright/test';
import { linkMatching, waitForMail, type CaughtMail } from './mails';

export const INVITATION_MAIL_SUBJECT = 'Einladung zu Lumio';
export const REGISTERED_MAIL_SUBJECT = 'Ihre Registrierung bei Lumio: die nächsten Schritte';

/** The invitation mail to `email` and its link /employee-invitation/{id}. */
export async function waitForInvitationLink(
  request: APIRequestContext,
  email: string,
): Promise<{ mail: CaughtMail; link: string }> {
  const mail = await waitForMail(request, { to: email, subject: INVITATION_MAIL_SUBJECT });
  return { mail, link: linkMatching(mail, /\/employee-invitation\/[A-Za-z0-9_-]{43}$/) };
}
