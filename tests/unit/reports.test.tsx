import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Resource, type DataProvider, type GetListParams } from 'react-admin';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guardResourceViews } from '../../src/components/auth';
import { createDataProvider, fileNameOf } from '../../src/dataProvider';
import { formatDate, todayInGermany } from '../../src/domain/dates';
import type { IdentificationReport, ReportRequest } from '../../src/domain/reports';
import {
  defaultReportPeriod,
  REPORT_VALIDATION_TEXTS as texts,
  reportFileName,
  reportFormFields,
  reportPeriodError,
  requestOf,
  toReportRequest,
} from '../../src/domain/reports';
import { reportRequestSchema } from '../../src/domain/reportRequest';
import type { Role } from '../../src/domain/roles';
import type { Self } from '../../src/domain/self';
import { refreshWhileUnfinished } from '../../src/resources/reports/ReportResults';
import { missingKeys, renderAdminApp } from './support/adminApp';

configure({ asyncUtilTimeout: 5000 });
let ReportsPage: ComponentType;
beforeAll(async () => {
  ReportsPage = (await import('../../src/resources/reports/ReportsPage')).default;
}, 30_000);

const person = (role: Role, associatedEntity: string | null): Self => ({
  id: `u-${role}`,
  firstName: 'Test',
  lastName: role,
  salutation: null,
  email: `${role.toLowerCase()}@lumio.example`,
  birthDate: null,
  role,
  status: 'VerifiedAndApproved',
  associatedEntity: associatedEntity ? { id: associatedEntity } : null,
});
const OWNER = person('Owner', 'company-1');
const INTEGRATOR = person('SystemIntegratorAdmin', 'si-1');
const ADMIN = person('LumioAdmin', null);

const report = (overrides: Partial<IdentificationReport>): IdentificationReport => ({
  id: 'rep-1',
  lastModified: '2026-03-02T09:15:41.512Z',
  startDate: '2026-01-01',
  endDate: '2026-02-28',
  postPaidOnly: false,
  company: { id: 'company-1', name: 'Fotostudio Sonnenschein GmbH' },
  systemIntegrator: null,
  reseller: null,
  state: 'Completed',
  ...overrides,
});

function fakeDataProvider(reports: IdentificationReport[] = []) {
  const lists: Record<string, unknown[]> = {
    'identification-process-reports': reports,
    companies: [
      { id: 'company-1', name: 'Fotostudio Sonnenschein GmbH' },
      { id: 'company-2', name: 'Studio Morgenrot e.K.' },
    ],
    'system-integrators': [
      { id: 'si-1', name: 'FotoSoft GmbH' },
      { id: 'si-2', name: 'Bildwerk Systeme AG' },
    ],
    resellers: [{ id: 'r-1', name: 'Foto Express Handel GmbH' }],
    stores: [
      { id: 's-1', name: 'Sonnenschein Mitte', systemIntegrator: null },
      { id: 's-2', name: 'Sonnenschein Neukölln', systemIntegrator: { id: 'si-1', name: 'FotoSoft GmbH', code: 'F' } },
      { id: 's-3', name: 'Sonnenschein Potsdam', systemIntegrator: { id: 'si-1', name: 'FotoSoft GmbH', code: 'F' } },
    ],
  };
  const calls = {
    getList: vi.fn(async (resource: string, _params: GetListParams) => {
      const data = lists[resource] ?? [];
      return { data, total: data.length };
    }),
    requestReport: vi.fn(async (request: ReportRequest) =>
      report({ id: 'rep-new', ...request, postPaidOnly: Boolean(request.postPaidOnly), state: 'Pending' }),
    ),
    downloadReport: vi.fn(async (_id: string) => ({
      blob: new Blob(['PK']),
      fileName: 'Vorgangsauswertung_01012026-28022026.zip' as string | null,
    })),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

function renderPage(self: Self, dataProvider: DataProvider) {
  return renderAdminApp('/identification-process-reports', {
    dataProvider,
    self,
    resources: (
      <Resource
        name="identification-process-reports"
        {...guardResourceViews('identification-process-reports', { list: ReportsPage })}
      />
    ),
  });
}

const form = () => screen.findByRole('form', { name: 'Vorgangsauswertung anfordern' });

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expect(missingKeys).toEqual([]);
});

describe('report rules (src/domain/reports.ts)', () => {
  it('gives each role the selects of spec section 6', () => {
    expect(reportFormFields('SystemIntegratorAdmin')).toEqual({
      systemIntegrator: false,
      company: true,
      reseller: true,
      postPaid: true,
      ownerPlaceholder: false,
    });
    expect(reportFormFields('LumioAdmin')).toEqual({
      systemIntegrator: true,
      company: true,
      reseller: false,
      postPaid: true,
      ownerPlaceholder: false,
    });
    expect(reportFormFields('Owner')).toEqual({
      systemIntegrator: true,
      company: false,
      reseller: false,
      postPaid: false,
      ownerPlaceholder: true,
    });
  });

  it('allows one day up to 10 years, not an end before the start', () => {
    expect(reportPeriodError('2026-03-28', '2026-03-28')).toBeNull();
    expect(reportPeriodError('2026-03-28', '2026-03-27')).toBe(texts.endBeforeStart);
    expect(reportPeriodError('2016-01-01', '2025-12-31')).toBeNull();
    expect(reportPeriodError('2016-01-01', '2026-01-01')).toBe(texts.tooLong);
    // 29 February: ten years later there is none; the period may end on 28 February.
    expect(reportPeriodError('2024-02-29', '2034-02-28')).toBeNull();
    expect(reportPeriodError('2024-02-29', '2034-03-01')).toBe(texts.tooLong);
    expect(reportPeriodError('', '2026-01-01')).toBeNull();
  });

  it('defaults the end to today in Germany and leaves empty values out of the request', () => {
    // 23:30 UTC on 31 December is already New Year's Day in Germany.
    expect(defaultReportPeriod(new Date('2026-12-31T23:30:00Z'))).toEqual({ startDate: '', endDate: '2027-01-01' });
    expect(
      toReportRequest({
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        postPaidOnly: false,
        companyId: '',
        systemIntegratorId: null,
        resellerId: undefined,
      }),
    ).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31' });
    expect(
      toReportRequest({ startDate: '2026-01-01', endDate: '2026-01-31', postPaidOnly: true, companyId: 'c-1' }),
    ).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31', postPaidOnly: true, companyId: 'c-1' });
  });

  it('asks for a failed report again with its own values', () => {
    expect(
      requestOf(
        report({ postPaidOnly: true, systemIntegrator: { id: 'si-1', name: 'FotoSoft GmbH' }, state: 'Failed' }),
      ),
    ).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-02-28',
      postPaidOnly: true,
      companyId: 'company-1',
      systemIntegratorId: 'si-1',
    });
  });

  it('names the file by the period without dots', () => {
    expect(reportFileName('2026-01-01', '2026-12-31')).toBe('Vorgangsauswertung_01012026-31122026.zip');
  });

  it('has the API’s schema refuse what the form would not send', () => {
    const id = '7D0F3C52-4A5E-4B8E-9A43-2F0A1C9D5E11';
    expect(reportRequestSchema.parse({ startDate: '2026-01-01', endDate: '2026-01-31', companyId: id })).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      postPaidOnly: false,
      companyId: id.toLowerCase(),
      systemIntegratorId: undefined,
      resellerId: undefined,
    });
    const problems = (value: unknown) =>
      reportRequestSchema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(problems({ startDate: '2026-02-02', endDate: '2026-02-01' })).toEqual([`endDate: ${texts.endBeforeStart}`]);
    expect(problems({ startDate: '2026-02-30', endDate: '2026-03-01' })).toEqual([`startDate: ${texts.dateInvalid}`]);
    expect(problems({ startDate: '2026-02-01', endDate: '2026-02-02', storeId: id })?.[0]).toContain('storeId');
    expect(problems({ startDate: '2026-02-01', endDate: '2026-02-02', resellerId: 'abc' })?.[0]).toContain(
      'resellerId',
    );
  });
});

describe('file names of downloads (Content-Disposition)', () => {
  it('prefers filename* and cuts off paths', () => {
    expect(
      fileNameOf(`attachment; filename="Vorgangsauswertung_a.zip"; filename*=UTF-8''Auswertung%20M%C3%A4rz.zip`),
    ).toBe('Auswertung März.zip');
    expect(fileNameOf('attachment; filename="Vorgangsauswertung_01012026-31012026.zip"')).toBe(
      'Vorgangsauswertung_01012026-31012026.zip',
    );
    expect(fileNameOf('attachment; filename=../../etc/report.zip')).toBe('report.zip');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('the data provider’s report calls', () => {
  it('posts the request with the anti-forgery token and downloads the ZIP with its file name', async () => {
    const sent: { url: string; method: string; body: unknown; xsrf: string | null }[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        xsrf: headers.get('X-XSRF-TOKEN'),
      });
      if (init?.method === 'POST') return new Response(JSON.stringify(report({ state: 'Pending' })), { status: 201 });
      return new Response('PK', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="Vorgangsauswertung_01012026-28022026.zip"' },
      });
    });
    const dataProvider = createDataProvider({
      apiUrl: '/api',
      getToken: async () => 'token',
      fetch,
      readCookies: () => 'XSRF-TOKEN=abc',
    });
    expect((await dataProvider.requestReport({ startDate: '2026-01-01', endDate: '2026-02-28' })).state).toBe(
      'Pending',
    );
    const file = await dataProvider.downloadReport('rep-1');
    expect(file.fileName).toBe('Vorgangsauswertung_01012026-28022026.zip');
    expect(sent).toEqual([
      {
        url: '/api/identification-process/reports',
        method: 'POST',
        body: { startDate: '2026-01-01', endDate: '2026-02-28' },
        xsrf: 'abc',
      },
      { url: '/api/identification-process/reports/rep-1', method: 'GET', body: undefined, xsrf: null },
    ]);
  });
});

describe('route identification-process-reports', () => {
  it('shows the Owner the dates, the integrators serving its studios and the placeholder block', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(OWNER, dataProvider);
    const request = await form();
    expect(within(request).getByRole('textbox', { name: /Datum von/ })).toHaveValue('');
    expect(within(request).getByRole('textbox', { name: /Datum bis/ })).toHaveValue(formatDate(todayInGermany()));
    expect(within(request).queryByRole('combobox', { name: 'Firma' })).toBeNull();
    expect(within(request).queryByRole('combobox', { name: 'Reseller' })).toBeNull();
    expect(within(request).queryByRole('checkbox')).toBeNull();
    expect(screen.getByTestId('owner-placeholder')).toBeInTheDocument();
    await userEvent.setup().click(within(request).getByRole('combobox', { name: 'Systemintegrator' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['FotoSoft GmbH']);
    expect(calls.getList).toHaveBeenCalledWith('stores', expect.objectContaining({ meta: { companyId: 'company-1' } }));
  });

  it('shows the integrator company, reseller and Post-Paid, and LumioAdmin system integrator, company and Post-Paid', async () => {
    renderPage(INTEGRATOR, fakeDataProvider().dataProvider);
    let request = await form();
    expect(within(request).getByRole('combobox', { name: 'Firma' })).toBeInTheDocument();
    expect(within(request).getByRole('combobox', { name: 'Reseller' })).toBeInTheDocument();
    expect(within(request).queryByRole('combobox', { name: 'Systemintegrator' })).toBeNull();
    expect(within(request).getByRole('checkbox', { name: /Post-Paid/ })).toBeInTheDocument();
    cleanup();

    renderPage(ADMIN, fakeDataProvider().dataProvider);
    request = await form();
    expect(within(request).getByRole('combobox', { name: 'Systemintegrator' })).toBeInTheDocument();
    expect(within(request).getByRole('combobox', { name: 'Firma' })).toBeInTheDocument();
    expect(within(request).queryByRole('combobox', { name: 'Reseller' })).toBeNull();
    expect(within(request).getByRole('checkbox', { name: /Post-Paid/ })).toBeInTheDocument();
    expect(screen.queryByTestId('owner-placeholder')).toBeNull();
  });

  it('keeps Anfordern disabled until the period is valid, then sends only the chosen values', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderPage(INTEGRATOR, dataProvider);
    const request = await form();
    const submit = within(request).getByRole('button', { name: 'Anfordern' });
    expect(submit).toBeDisabled();

    const start = within(request).getByRole('textbox', { name: /Datum von/ });
    const end = within(request).getByRole('textbox', { name: /Datum bis/ });
    fireEvent.change(end, { target: { value: '31.01.2026' } });
    fireEvent.change(start, { target: { value: '01.02.2026' } });
    fireEvent.blur(start);
    expect(await within(request).findByText(texts.endBeforeStart)).toBeInTheDocument();
    expect(submit).toBeDisabled();

    fireEvent.change(start, { target: { value: '01.01.2026' } });
    await user.click(within(request).getByRole('combobox', { name: 'Firma' }));
    await user.click(await screen.findByRole('option', { name: 'Studio Morgenrot e.K.' }));
    await user.click(within(request).getByRole('checkbox', { name: /Post-Paid/ }));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);

    await waitFor(() =>
      expect(calls.requestReport).toHaveBeenCalledWith({
        startDate: '2026-01-01',
        endDate: '2026-01-31',
        postPaidOnly: true,
        companyId: 'company-2',
      }),
    );
    expect(await screen.findByText('Auswertung wurde angefordert')).toBeInTheDocument();
  });

  it('lists the reports with German states, downloads a completed one under the server’s name, asks for a failed one again', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:lumio/1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { dataProvider, calls } = fakeDataProvider([
      report({ id: 'rep-done' }),
      report({ id: 'rep-waiting', state: 'Pending' }),
      report({ id: 'rep-running', state: 'InProgress' }),
      report({ id: 'rep-failed', state: 'Failed', postPaidOnly: true }),
    ]);
    renderPage(ADMIN, dataProvider);

    const table = await screen.findByRole('table');
    for (const state of ['Abgeschlossen', 'Ausstehend', 'In Bearbeitung', 'Fehlgeschlagen']) {
      expect(await within(table).findByText(state)).toBeInTheDocument();
    }
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      expect.stringContaining('Timestamp'),
      'Zeitraum',
      'Firma',
      'Systemintegrator',
      'Reseller',
      'Postpaid',
      'Status',
      'Aktionen',
    ]);
    expect(screen.getByRole('button', { name: 'Ergebnisse aktualisieren' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Auswertung 01.01.2026 – 28.02.2026 herunterladen' }));
    await waitFor(() => expect(saved).toEqual(['Vorgangsauswertung_01012026-28022026.zip']));
    expect(calls.downloadReport).toHaveBeenCalledWith('rep-done');

    // Without a name in the answer: report.zip (spec section 7).
    calls.downloadReport.mockResolvedValueOnce({ blob: new Blob(['PK']), fileName: null });
    await user.click(within(table).getByRole('button', { name: 'Auswertung 01.01.2026 – 28.02.2026 herunterladen' }));
    await waitFor(() => expect(saved.at(-1)).toBe('report.zip'));

    await user.click(
      within(table).getByRole('button', { name: 'Auswertung 01.01.2026 – 28.02.2026 erneut anfordern' }),
    );
    await waitFor(() =>
      expect(calls.requestReport).toHaveBeenCalledWith({
        startDate: '2026-01-01',
        endDate: '2026-02-28',
        postPaidOnly: true,
        companyId: 'company-1',
      }),
    );
  });

  it('refreshes the list by itself only while a report on it is unfinished', () => {
    const page = (...states: IdentificationReport['state'][]) => ({
      state: { data: { data: states.map((state, i) => report({ id: `r-${i}`, state })) } },
    });
    expect(refreshWhileUnfinished(page('Completed', 'Pending'))).toBe(3000);
    expect(refreshWhileUnfinished(page('InProgress'))).toBe(3000);
    expect(refreshWhileUnfinished(page('Completed', 'Failed'))).toBe(false);
    expect(refreshWhileUnfinished({ state: {} })).toBe(false);
  });
});
