import { act, cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QRCodeSVG } from 'qrcode.react';
import { HttpError, Resource, usePermissions, useTranslate, type AuthProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VerifyPage from '../../src/customRoutes/verify/VerifyPage';
import type { LumioDataProvider } from '../../src/dataProvider';
import type { EidBindingDone, EidBindingStarted } from '../../src/domain/eid';
import { canAccess, visibleTiles } from '../../src/domain/navigation';
import type { UserStatus } from '../../src/domain/roles';
import type { Self } from '../../src/domain/self';
import { missingKeys, renderAdminApp } from './support/adminApp';

// The real QR code renders; the spy records what it was asked to encode (an SVG hides its value).
vi.mock('qrcode.react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('qrcode.react')>();
  const { createElement } = await import('react');
  type Props = import('react').ComponentProps<typeof actual.QRCodeSVG>;
  return { ...actual, QRCodeSVG: vi.fn((props: Props) => createElement(actual.QRCodeSVG, props)) };
});

// The first render of a lazy page compiles its chunk; on a busy 2-core machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });

const binding: EidBindingStarted = {
  sessionId: '0b6f1c7e-2d4a-4c1b-9f0e-5a7d3c2b1a09',
  mobileToken: 'mt/Q2x5+k7',
  qrValue: 'https://portal.lumio.example/dev/eid/mt%2FQ2x5%2Bk7',
  transactionCode: 'K7Q-4M2',
  expiresAt: new Date(2026, 10, 24, 14, 35).toISOString(),
};

const buildSelf = (overrides: Partial<Self> = {}): Self => ({
  id: 'u-1',
  firstName: 'Nora',
  lastName: 'Neumann',
  salutation: 'Frau',
  email: 'neu@studio-morgenrot.example',
  birthDate: '1990-06-15',
  role: 'Owner',
  status: 'Approved',
  associatedEntity: { id: 'c-1' },
  ...overrides,
});

const errorOf = (status: number, message: string, errorCode: string) =>
  new HttpError(message, status, { errorCode, messages: [message], traceId: 't-1', status });

/**
 * The signed-in user as Lumio's auth provider keeps it: GET /self is cached until refreshSelf()
 * reads it again. `server.status` is what the server holds; the eID binding may change it.
 */
function fakeAuth(initial: Self) {
  const server = { status: initial.status };
  let cached = initial;
  const refreshSelf = vi.fn(async () => {
    cached = { ...cached, status: server.status };
    return cached;
  });
  const authProvider: AuthProvider & { refreshSelf: typeof refreshSelf } = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => cached,
    canAccess: async ({ resource, action }) => canAccess(cached, resource, action),
    refreshSelf,
  };
  return { authProvider, server, refreshSelf };
}

/** The eID calls of the data provider; each status check waits for the test's answer. */
function fakeDataProvider() {
  const answers: Array<(result: EidBindingDone | null | Error) => void> = [];
  const calls = {
    startEidBinding: vi.fn(async (): Promise<EidBindingStarted> => binding),
    checkEidBinding: vi.fn(
      (_sessionId: string) =>
        new Promise<EidBindingDone | null>((resolve, reject) => {
          answers.push((result) => (result instanceof Error ? reject(result) : resolve(result)));
        }),
    ),
  };
  /** Answers the latest status check. */
  const answer = (result: EidBindingDone | null | Error) => act(async () => answers.at(-1)?.(result));
  return { dataProvider: calls as unknown as LumioDataProvider, calls, answer };
}

/**
 * Stands in for the dashboard: the titles of the tiles the current permissions allow, as the
 * dashboard lists them. (The real one links with react-router's own Link, which needs the app's
 * BrowserRouter rather than react-admin's test router.)
 */
function DashboardTiles() {
  const translate = useTranslate();
  const { permissions } = usePermissions<Self | undefined>();
  return (
    <ul aria-label="Bereiche">
      {permissions
        ? visibleTiles(permissions).map((tile) => <li key={tile.area}>{translate(tile.titleKey)}</li>)
        : null}
    </ul>
  );
}

function renderVerify(self: Self = buildSelf()) {
  const auth = fakeAuth(self);
  const data = fakeDataProvider();
  const app = renderAdminApp('/verify', {
    dataProvider: data.dataProvider,
    authProvider: auth.authProvider,
    // The pages on their routes, without App.tsx's lazy loading and access guard.
    resources: [
      <Resource key="verify" name="verify" list={VerifyPage} />,
      <Resource key="dashboard" name="dashboard" list={DashboardTiles} />,
    ],
  });
  return { ...auth, ...data, app };
}

const user = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const startButton = () => screen.findByRole('button', { name: 'Verifizierung starten' });
const errorDialog = () => screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });

/** Step 1 → 2, then the first status check (10 s later) is running. */
async function startAndWaitForFirstCheck(setup: ReturnType<typeof renderVerify>) {
  await user().click(await startButton());
  await screen.findByRole('img', { name: 'QR-Code für Ihr Smartphone' });
  await advance(10_000);
  expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(1);
}

beforeEach(() => {
  missingKeys.length = 0;
  // Only the timeouts are faked (the polling's); everything else runs on the real clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  vi.mocked(QRCodeSVG).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('step 1: instructions', () => {
  it('explains what is needed and the phishing check, with the start button, and calls nothing', async () => {
    const { calls } = renderVerify();

    expect(await screen.findByRole('heading', { level: 1, name: 'eID-Verifizierung' })).toBeInTheDocument();
    expect(document.title).toBe('eID-Verifizierung – Lumio');
    expect(await startButton()).toBeEnabled();
    expect(screen.getByText('Ihren Personalausweis mit aktivierter Online-Ausweisfunktion')).toBeInTheDocument();
    expect(screen.getByText('seine sechsstellige PIN')).toBeInTheDocument();
    expect(screen.getByText(/AusweisApp/)).toBeInTheDocument();
    expect(screen.getByText('Scannen Sie den QR-Code mit Ihrem Smartphone.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Fahren Sie nur fort, wenn Ihr Smartphone „Lumio“ und denselben Vergleichscode wie dieser Bildschirm zeigt. Sonst brechen Sie ab.',
      ),
    ).toBeInTheDocument();
    expect(calls.startEidBinding).not.toHaveBeenCalled();
    expect(missingKeys).toEqual([]);
  });

  it('tells a user whose ID is bound already (Verified) that the company must approve, without a start button', async () => {
    const { calls } = renderVerify(buildSelf({ role: 'Employee', status: 'Verified' }));

    expect(await screen.findByRole('heading', { name: 'Ihr Ausweis ist bereits verknüpft' })).toBeInTheDocument();
    expect(screen.getByText(/Sobald Ihr Unternehmen Ihr Konto freigegeben hat/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verifizierung starten' })).not.toBeInTheDocument();
    expect(calls.startEidBinding).not.toHaveBeenCalled();
  });
});

describe('after an eID review (issue 25)', () => {
  it('says why a rejected review bound no card and what to do next, above the start button', async () => {
    const { calls } = renderVerify(buildSelf({ role: 'Employee', status: 'Unverified', eidReview: 'rejected' }));

    const notice = await screen.findByRole('region', { name: 'Ihre letzte eID-Verifizierung wurde nicht bestätigt' });
    expect(within(notice).getByText(/stimmten nicht mit Ihren Angaben in Lumio überein/)).toBeInTheDocument();
    expect(within(notice).getByText(/^So geht es weiter: Prüfen Sie in der Profilverwaltung/)).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'Zur Profilverwaltung' })).toHaveAttribute(
      'href',
      '/profile-management',
    );
    expect(await startButton()).toBeEnabled();
    expect(calls.startEidBinding).not.toHaveBeenCalled();
    // A rejection from before reasons were asked for has none: no empty reason line.
    expect(within(notice).queryByTestId('verify-rejected-reason')).not.toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it("shows the reviewer's reason of the rejection and that the ID card is needed again", async () => {
    renderVerify(
      buildSelf({
        role: 'Employee',
        status: 'Unverified',
        eidReview: 'rejected',
        eidReviewReason: 'Der Nachname <b>Schmidt</b> auf dem Ausweis passt nicht zu Neumann.',
      }),
    );

    const notice = await screen.findByRole('region', { name: 'Ihre letzte eID-Verifizierung wurde nicht bestätigt' });
    const reason = within(notice).getByTestId('verify-rejected-reason');
    expect(reason).toHaveTextContent(
      'Begründung der Prüfung: Der Nachname <b>Schmidt</b> auf dem Ausweis passt nicht zu Neumann.',
    );
    expect(within(notice).getByText(/Halten Sie dann Ihren Personalausweis bereit/)).toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('tells a user whose review is still open that it runs, without a start button that would be refused', async () => {
    renderVerify(buildSelf({ eidReview: 'open' }));

    expect(await screen.findByRole('heading', { name: 'Ihre Angaben werden geprüft' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verifizierung starten' })).not.toBeInTheDocument();
  });
});

describe('step 2: QR code and polling', () => {
  it('shows the QR code of the phone page (level H, size 256), the token, the code and the waiting message', async () => {
    const { calls } = renderVerify();

    await user().click(await startButton());

    expect(await screen.findByRole('img', { name: 'QR-Code für Ihr Smartphone' })).toBeInTheDocument();
    expect(calls.startEidBinding).toHaveBeenCalledTimes(1);
    // The start button is gone: the new step's heading has the focus.
    expect(screen.getByRole('heading', { name: 'QR-Code scannen' })).toHaveFocus();
    expect(vi.mocked(QRCodeSVG)).toHaveBeenLastCalledWith(
      expect.objectContaining({
        value: 'https://portal.lumio.example/dev/eid/mt%2FQ2x5%2Bk7',
        level: 'H',
        size: 256,
      }),
      undefined,
    );
    expect(screen.getByText('mt/Q2x5+k7')).toBeInTheDocument();
    expect(screen.getByText('K7Q-4M2')).toBeInTheDocument();
    expect(screen.getByText('24.11.2026, 14:35')).toBeInTheDocument();
    expect(screen.getByText(/denselben Vergleichscode wie dieser Bildschirm zeigt/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Warten auf die Bestätigung mit Ihrem Ausweis …');
    expect(screen.queryByRole('button', { name: 'Verifizierung starten' })).not.toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('checks the status first after 10 s with the session id, then 5 s after each answer', async () => {
    const setup = renderVerify();
    await user().click(await startButton());
    await screen.findByRole('status');

    await advance(9_900);
    expect(setup.calls.checkEidBinding).not.toHaveBeenCalled();
    await advance(100);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(1);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledWith(binding.sessionId);

    await setup.answer(null);
    await advance(4_900);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(1);
    await advance(100);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('stops checking when the page is left', async () => {
    const setup = renderVerify();
    await user().click(await startButton());
    await screen.findByRole('status');

    cleanup();
    await advance(60_000);

    expect(setup.calls.checkEidBinding).not.toHaveBeenCalled();
  });
});

describe('outcomes', () => {
  it('matched: success dialog, GET /self again, then the dashboard with the tiles of the new status', async () => {
    const setup = renderVerify(buildSelf({ role: 'Owner', status: 'Approved' }));
    await startAndWaitForFirstCheck(setup);
    await setup.answer(null);
    await advance(5_000);

    setup.server.status = 'VerifiedAndApproved' satisfies UserStatus;
    await setup.answer({ outcome: 'matched', status: 'VerifiedAndApproved' });

    const dialog = await screen.findByTestId('success-dialog');
    expect(within(dialog).getByRole('heading', { name: 'EID erfolgreich verifiziert' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft. Sie können Lumio nun nutzen.'),
    ).toBeInTheDocument();
    expect(setup.refreshSelf).toHaveBeenCalledTimes(1);

    await user().click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(setup.app.pathname()).toBe('/dashboard'));
    const tiles = await screen.findByRole('list', { name: 'Bereiche' });
    await waitFor(() =>
      expect(
        within(tiles)
          .getAllByRole('listitem')
          .map((tile) => tile.textContent),
      ).toEqual(['Profilverwaltung', 'Mitarbeitende', 'Firma & Studios', 'Vorgangsauswertung', 'Lizenzen']),
    );
    await advance(60_000);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(2);
    expect(missingKeys).toEqual([]);
  });

  it('matched for an employee: the text says the company still has to approve', async () => {
    const setup = renderVerify(buildSelf({ role: 'Employee', status: 'Unverified' }));
    await startAndWaitForFirstCheck(setup);

    setup.server.status = 'Verified';
    await setup.answer({ outcome: 'matched', status: 'Verified' });

    const dialog = await screen.findByTestId('success-dialog');
    expect(
      within(dialog).getByText(
        'Ihr Ausweis ist jetzt mit Ihrem Konto verknüpft. Sobald Ihr Unternehmen Ihr Konto freigegeben hat, können Sie Lumio nutzen.',
      ),
    ).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(setup.app.pathname()).toBe('/dashboard'));
    expect(setup.refreshSelf).toHaveBeenCalledTimes(1);
    // Still unfinished: the dashboard keeps the eID tile, which now explains the wait.
    const tiles = await screen.findByRole('list', { name: 'Bereiche' });
    expect(within(tiles).getByText('eID-Verifizierung')).toBeInTheDocument();
  });

  it('reviewPending: dialog verifyPendingApproval, then the page says the review is pending', async () => {
    const setup = renderVerify();
    await startAndWaitForFirstCheck(setup);

    await setup.answer({ outcome: 'reviewPending', status: 'Approved' });

    const dialog = await screen.findByRole('dialog', { name: 'Manuelle Prüfung erforderlich' });
    expect(
      within(dialog).getByText(
        'Ihre persönlichen Daten und die Daten Ihres Ausweises stimmen nicht überein. Ihre Angaben werden deshalb manuell geprüft. Sie erhalten eine E-Mail, sobald die Prüfung abgeschlossen ist.',
      ),
    ).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Ok' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Ihre Angaben werden geprüft' })).toBeInTheDocument();
    expect(screen.getByText(/Ihre Angaben werden deshalb manuell geprüft/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /starten/ })).not.toBeInTheDocument();
    expect(setup.app.pathname()).toBe('/verify');
    expect(setup.refreshSelf).not.toHaveBeenCalled();
    await advance(60_000);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(1);
  });

  it.each([
    {
      what: 'an expired session',
      error: errorOf(410, 'eID verification failed', 'EID_SESSION_EXPIRED'),
      text: 'Die eID-Sitzung ist abgelaufen. Bitte starten Sie die Verifizierung erneut.',
    },
    {
      what: 'a cancel on the phone',
      error: errorOf(409, 'eID verification cancelled', 'EID_CANCELLED'),
      text: 'Die Verifizierung wurde in der Ausweis-App abgebrochen. Sie können sie jederzeit erneut starten.',
    },
    {
      what: 'a card bound to another account',
      error: errorOf(409, 'eID verification failed', 'EID_DOCUMENT_ALREADY_BOUND'),
      text: 'Dieser Ausweis ist bereits mit einem anderen Benutzerkonto verknüpft.',
    },
  ])('$what: stops, shows the German error text and offers to start again', async ({ error, text }) => {
    const setup = renderVerify();
    await startAndWaitForFirstCheck(setup);

    await setup.answer(error);

    const dialog = await errorDialog();
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Ok' }));

    const restart = await screen.findByRole('button', { name: 'Erneut starten' });
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'So bestätigen Sie Ihre Identität' })).toHaveFocus(),
    );
    expect(screen.getByText('Die Verifizierung wurde nicht abgeschlossen.')).toBeVisible();
    await advance(60_000);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(1);

    await user().click(restart);
    expect(await screen.findByRole('status')).toBeInTheDocument();
    expect(setup.calls.startEidBinding).toHaveBeenCalledTimes(2);
    await advance(10_000);
    expect(setup.calls.checkEidBinding).toHaveBeenCalledTimes(2);
  });

  it.each([
    {
      error: errorOf(409, 'eID review pending', 'CONFLICT'),
      text: 'Ihre persönlichen Daten und die Daten Ihres Ausweises werden gerade geprüft. Sie erhalten eine E-Mail, sobald die Prüfung abgeschlossen ist.',
    },
    {
      error: errorOf(503, 'eID verification failed', 'EID_TOKEN_CANNOT_BE_ISSUED'),
      text: 'Für die eID-Verifizierung konnte kein Zugangstoken ausgestellt werden. Bitte versuchen Sie es später erneut.',
    },
  ])('a refused start ($error.message) shows the error dialog and stays on step 1', async ({ error, text }) => {
    const setup = renderVerify();
    setup.calls.startEidBinding.mockRejectedValueOnce(error);

    await user().click(await startButton());

    const dialog = await errorDialog();
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    await user().click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await startButton()).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await advance(60_000);
    expect(setup.calls.checkEidBinding).not.toHaveBeenCalled();
  });
});
