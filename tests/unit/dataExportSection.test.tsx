import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProfileManagement from '../../src/customRoutes/profile/ProfileManagement';
import type { DataExport } from '../../src/dataProvider';
import type { Self } from '../../src/domain/self';
import { renderAdminApp } from './support/adminApp';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const employee: Self = {
  id: 'u-1',
  firstName: 'Lea',
  lastName: 'Neumann',
  salutation: 'Frau',
  email: 'lea@studio.example',
  birthDate: '1995-06-30',
  role: 'Employee',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: 'c-1' },
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const ready = (expiresAt = inDays(7)): DataExport => ({
  id: 'x-1',
  status: 'ready',
  createdAt: inDays(0),
  readyAt: inDays(0),
  expiresAt,
});

function renderSection(exports: DataExport[][], overrides: Record<string, ReturnType<typeof vi.fn>> = {}) {
  let call = 0;
  const calls = {
    getDataExports: vi.fn(async () => exports[Math.min(call++, exports.length - 1)]),
    requestDataExport: vi.fn(async () => ({ id: 'x-2' })),
    downloadDataExport: vi.fn(async () => ({ blob: new Blob(['PK']), fileName: 'Meine_Daten_29112026.zip' })),
    ...overrides,
  };
  renderAdminApp('/profile-management', {
    dataProvider: calls as unknown as DataProvider,
    self: employee,
    resources: <Resource name="profile-management" list={ProfileManagement} />,
  });
  return calls;
}

/** The section comes with its own chunk (React.lazy): the first import may take a while on a busy machine. */
const section = async () => screen.findByRole('region', { name: 'Meine Daten' }, { timeout: 10_000 });

describe("'Meine Daten' on the profile", { timeout: 20_000 }, () => {
  it('asks for the data and shows it being prepared', async () => {
    const calls = renderSection([
      [],
      [{ id: 'x-2', status: 'queued', createdAt: inDays(0), readyAt: null, expiresAt: null }],
    ]);
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Meine Daten anfordern' }));
    expect(calls.requestDataExport).toHaveBeenCalledTimes(1);
    expect(await within(region).findByText('Wird erstellt …')).toBeVisible();
    expect(within(region).queryByRole('button', { name: 'Meine Daten anfordern' })).toBeNull();
  });

  it('shows until when a ready export can be downloaded, and downloads it', async () => {
    const expiresAt = '2026-12-06T17:02:13.004Z';
    const createObjectURL = vi.fn(() => 'blob:lumio/1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = renderSection([[ready(inDays(3)), ready(expiresAt)]]);
    const region = await section();
    expect(await within(region).findByText(/^Bereit bis \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Herunterladen' }));
    await waitFor(() => expect(calls.downloadDataExport).toHaveBeenCalledWith('x-1'));
    await waitFor(() => expect(saved).toEqual(['Meine_Daten_29112026.zip']));
    expect(within(region).getByRole('button', { name: 'Neu anfordern' })).toBeEnabled();
  });

  it('tells in German when the export expired meanwhile', async () => {
    renderSection([[ready()]], {
      downloadDataExport: vi.fn(async () => {
        throw new HttpError('Data export expired', 410, {
          errorCode: 'GONE',
          messages: ['Data export expired'],
          traceId: 't',
          status: 410,
        });
      }),
    });
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Herunterladen' }));
    expect(
      await within(region).findByText(
        'Diese Zusammenstellung Ihrer Daten ist abgelaufen und wurde gelöscht. Bitte fordern Sie eine neue an.',
      ),
    ).toBeVisible();
  });

  it('says in German when the export failed and offers a new request', async () => {
    const calls = renderSection([
      [{ id: 'x-1', status: 'failed', createdAt: inDays(0), readyAt: null, expiresAt: null }],
      [{ id: 'x-2', status: 'queued', createdAt: inDays(0), readyAt: null, expiresAt: null }],
    ]);
    const region = await section();
    expect(
      await within(region).findByText(
        'Die Zusammenstellung Ihrer Daten ist fehlgeschlagen. Bitte fordern Sie sie erneut an.',
      ),
    ).toBeVisible();
    expect(within(region).queryByText(/abgelaufen|verfügbar/)).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Herunterladen' })).toBeNull();
    await userEvent.click(within(region).getByRole('button', { name: 'Meine Daten anfordern' }));
    expect(calls.requestDataExport).toHaveBeenCalledTimes(1);
    expect(await within(region).findByText('Wird erstellt …')).toBeVisible();
  });

  it("tells the download's 'failed' answer in German, not as expired", async () => {
    renderSection([[ready()]], {
      downloadDataExport: vi.fn(async () => {
        throw new HttpError('Data export failed', 409, {
          errorCode: 'DATA_EXPORT_FAILED',
          messages: ['Data export failed'],
          traceId: 't',
          status: 409,
        });
      }),
    });
    const region = await section();
    await userEvent.click(await within(region).findByRole('button', { name: 'Herunterladen' }));
    expect(
      await within(region).findByText(
        'Die Zusammenstellung Ihrer Daten ist fehlgeschlagen, es gibt nichts herunterzuladen. Bitte fordern Sie sie erneut an.',
      ),
    ).toBeVisible();
    expect(within(region).queryByText(/abgelaufen/)).toBeNull();
  });

  it('says when the last export has expired', async () => {
    renderSection([[ready('2026-01-10T10:00:00.000Z')]]);
    const region = await section();
    expect(
      await within(region).findByText('Ihre letzte Zusammenstellung war bis 10.01.2026 verfügbar und wurde gelöscht.'),
    ).toBeVisible();
  });
});
