import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../../server/db/schema';
import { OWNER_ACTIVATION_SUBJECT } from '../../../server/mail/templates/owner-activation';
import type { CompanyApplicationSubmit } from '../../../src/domain/companyApplication';
import { apiClient, DEMO } from './app';
import { openApplication } from './applications';
import { loginWithFlow, type TokenSet } from './login';

/** The password every owner made by approvedOwner sets (it follows the rules of src/domain/password.ts). */
export const NEW_OWNER_PASSWORD = 'Morgenlicht2026';

export interface ApprovedOwner extends TokenSet {
  email: string;
  password: string;
  userId: string;
  companyId: string;
  applicationId: string;
}

/**
 * A new company of its own, made the way production makes one: an application submitted and
 * confirmed, approved by the LumioAdmin, the owner's password set through the mailed link, and
 * the owner logged in. Its initial registration is unfinished (status Approved, no eID yet).
 */
export async function approvedOwner(
  app: FastifyInstance,
  overrides: Partial<CompanyApplicationSubmit> = {},
): Promise<ApprovedOwner> {
  const admin = apiClient(app, (await loginWithFlow(app, DEMO.lumioAdmin)).accessToken);
  const { id: applicationId, body } = await openApplication(app, overrides);
  const decided = await admin.put(`/api/company-application/${applicationId}/status`, { status: 'Approved' });
  if (decided.statusCode !== 200) throw new Error(`approve: ${decided.statusCode} ${decided.body}`);

  const email = body.email.trim().toLowerCase();
  const mail = await app.mailCatcher!.waitFor((m) => m.to === email && m.subject === OWNER_ACTIVATION_SUBJECT);
  const token = /\/login-actions\/set-password\?token=([\w-]{43})/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no set-password link in: ${mail.text}`);
  const saved = await app.inject({
    method: 'POST',
    url: `${new URL(app.config.keycloak.issuer).pathname}/login-actions/set-password`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(app.config.publicUrl).origin },
    payload: new URLSearchParams({
      token,
      'password-new': NEW_OWNER_PASSWORD,
      'password-confirm': NEW_OWNER_PASSWORD,
    }).toString(),
  });
  if (saved.statusCode !== 200) throw new Error(`set password: ${saved.statusCode}`);

  const [user] = await app.db.select().from(users).where(eq(users.email, email));
  const tokens = await loginWithFlow(app, email, NEW_OWNER_PASSWORD);
  return {
    ...tokens,
    email,
    password: NEW_OWNER_PASSWORD,
    userId: user.id,
    companyId: user.companyId!,
    applicationId,
  };
}
