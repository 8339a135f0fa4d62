import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_USERS } from './demoUsers';
import { REGISTERED_MAIL_SUBJECT, waitForInvitationLink } from './invitations';
import { linkMatching, waitForMail, SET_PASSWORD_LINK } from './mails';
import { accessTokenOf, xsrfHeader } from './newOwner';

/** An employee made for one test: invited into Studio Sonnenschein, registered, password set. */
export interface NewEmployee {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** ISO date. */
  birthDate: string;
}

/**
 * A new employee of the demo owner's company, made through the API the way production makes one:
 * the owner invites, the invitee registers through the mailed link and sets a password through
 * the second mail's link. The employee starts Unverified (no eID binding, not yet approved).
 */
export async function createNewEmployee(
  request: APIRequestContext,
  baseURL: string,
  label: string,
  name: Pick<NewEmployee, 'firstName' | 'lastName'> = { firstName: 'Emil', lastName: 'Eichhorn' },
): Promise<NewEmployee> {
  const run = `${label}-${Date.now()}`;
  const employee: NewEmployee = {
    email: `mitarbeiter-${run}@studio-sonnenschein.example`,
    password: `Neustart-${run}-1`,
    ...name,
    birthDate: '1992-08-21',
  };
  const headers = await xsrfHeader(request);
  const ownerToken = await accessTokenOf(baseURL, DEMO_USERS.owner.email);
  const invited = await request.post('/api/employee-invitation', {
    headers: { ...headers, authorization: `Bearer ${ownerToken}` },
    data: { email: employee.email },
  });
  expect(invited.status(), 'invitation sent').toBe(201);

  const { link } = await waitForInvitationLink(request, employee.email);
  const invitationId = new URL(link).pathname.split('/').pop() ?? '';
  const registered = await request.post(`/api/employee-invitation/${invitationId}`, {
    headers,
    data: {
      salutation: 'Herr',
      firstName: employee.firstName,
      lastName: employee.lastName,
      birthDate: employee.birthDate,
    },
  });
  expect(registered.status(), 'registered through the invitation').toBe(201);

  const steps = await waitForMail(request, { to: employee.email, subject: REGISTERED_MAIL_SUBJECT });
  const setPassword = new URL(linkMatching(steps, SET_PASSWORD_LINK));
  const saved = await request.post(setPassword.pathname, {
    headers: { origin: new URL(baseURL).origin },
    form: {
      token: setPassword.searchParams.get('token') ?? '',
      'password-new': employee.password,
      'password-confirm': employee.password,
    },
  });
  expect(saved.status(), 'password set').toBe(200);
  return employee;
}
