import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_USERS } from './demoUsers';
import { linkMatching, waitForMail, type CaughtMail } from './mails';
import { accessTokenOf, xsrfHeader } from './newOwner';

export const INVITATION_MAIL_SUBJECT = 'Einladung zu Lumio';
export const REGISTERED_MAIL_SUBJECT = 'Ihre Registrierung bei Lumio: die nächsten Schritte';

/**
 * The owner invites `email` into their company through the API, as the dialog inviteEmployee
 * does (POST /api/employee-invitation), in this request context. Once the employees page with
 * 'Mitarbeitende einladen' exists, a journey can invite through the dialog instead and keep
 * waitForInvitationLink for the mail.
 */
export async function inviteThroughApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  inviter = DEMO_USERS.owner.email,
): Promise<void> {
  const token = await accessTokenOf(request, baseURL, inviter);
  const response = await request.post('/api/employee-invitation', {
    headers: { ...(await xsrfHeader(request)), authorization: `Bearer ${token}` },
    data: { email },
  });
  expect(response.status(), `invitation of ${email}`).toBe(201);
}

/** The invitation mail to `email` and its link /employee-invitation/{id}. */
export async function waitForInvitationLink(
  request: APIRequestContext,
  email: string,
): Promise<{ mail: CaughtMail; link: string }> {
  const mail = await waitForMail(request, { to: email, subject: INVITATION_MAIL_SUBJECT });
  return { mail, link: linkMatching(mail, /\/employee-invitation\/[A-Za-z0-9_-]{43}$/) };
}
