import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, Resource, type DataProvider, type GetListParams, type GetManyReferenceParams } from 'react-admin';
import { LUMIO_ADMIN, missingKeys, renderAdminApp } from './support/adminApp';
import type { CompanyHistoryPage, OwnerActivation } from '../../src/dataProvider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import companies, { COMPANIES_RESOURCE, STORES_RESOURCE } from '../../src/resources/companies';
import type { Company, Store } from '../../src/resources/companies/types';

// The first render of a lazy view compiles its chunk; on a busy 2-core machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });

const sonnenschein: Company = {
  id: 'c-1',
  name: 'Fotostudio Sonnenschein GmbH',
  legalForm: 'GmbH',
  address: 'Lindenallee 5, 50667 Köln',
  country: 'Deutschland',
  phoneNumber: '+49 221 123456',
  phoneNumber2: '+49 221 654321',
  website: null,
  memberId: 'PTV-4711',
};

const morgenrot: Company = {
  id: 'c-2',
  name: 'Studio Morgenrot e.K.',
  legalForm: 'e.K.',
  address: 'Hauptstraße 1, 1010 Wien',
  country: 'Österreich',
  phoneNumber: '+43 1 234567',
  phoneNumber2: null,
  website: 'https://morgenrot.example',
  memberId: null,
};

const fotosoft = { id: 'si-1', name: 'FotoSoft GmbH', code: 'FOTOSOFT' };

/** Studios; the first is served by FotoSoft, the others by no system integrator. */
const buildStores = (count: number): Store[] =>
  Array.from({ length: count }, (_, index) => ({
    id: `s-${index + 1}`,
    name: `Filiale ${String(index + 1).padStart(2, '0')}`,
    address: `Ringstraße ${index + 1}, 50667 Köln`,
    country: 'Deutschland',
    systemIntegratorId: index === 0 ? fotosoft.id : null,
    systemIntegrator: index === 0 ? fotosoft : null,
  }));

const historyPage: CompanyHistoryPage = {
  pageIndex: 0,
  pageSize: 10,
  totalItemCount: 1,
  items: [
    {
      id: 'h-1',
      at: '2026-03-07T13:05:00.000Z',
      actor: { name: 'Stefan Sonnenschein', role: 'Owner' },
      action: 'store.created',
      entityType: 'store',
      entityId: 's-1',
      subject: 'Filiale 01',
      changes: [{ field: 'name', before: null, after: 'Filiale 01' }],
    },
  ],
};

const notFound = () =>
  new HttpError('Not found', 404, { errorCode: 'NOT_FOUND', messages: ['Not found'], traceId: 't', status: 404 });

/** Serves companies and, for the detail, the studios of company c-1 page by page. */
function fakeDataProvider(stores: Store[] = buildStores(3)) {
  const records = [sonnenschein, morgenrot];
  const calls = {
    getList: vi.fn(async (_resource: string, _params: GetListParams) => ({ data: records, total: records.length })),
    getOne: vi.fn(async (_resource: string, { id }: { id: string }) => {
      const record = records.find((company) => company.id === id);
      if (!record) throw notFound();
      return { data: record };
    }),
    getManyReference: vi.fn(async (_resource: string, params: GetManyReferenceParams) => {
      const own = params.id === 'c-1' ? stores : [];
      const { page, perPage } = params.pagination;
      return { data: own.slice((page - 1) * perPage, page * perPage), total: own.length };
    }),
    getCompanyHistory: vi.fn(async () => historyPage),
    getOwnerActivation: vi.fn(async () => ({ ...pendingActivation, pending: false })),
  };
  return { dataProvider: calls as unknown as DataProvider, calls };
}

function renderApp(path: string, dataProvider: DataProvider) {
  return renderAdminApp(path, {
    dataProvider,
    self: LUMIO_ADMIN,
    resources: <Resource name={COMPANIES_RESOURCE} {...companies} />,
  });
}

const pendingActivation: OwnerActivation = {
  pending: true,
  email: 'inhaber@studio-sonnenschein.example',
  lastMail: { status: 'sent', createdAt: '2026-11-20T09:00:00.000Z', sentAt: '2026-11-20T09:00:05.000Z', attempts: 1 },
};

/** The fake data provider with the owner-activation calls of the company page. */
function withActivation(dataProvider: DataProvider, answers: OwnerActivation[]) {
  let call = 0;
  const getOwnerActivation = vi.fn(async () => answers[Math.min(call++, answers.length - 1)]);
  const resendOwnerActivation = vi.fn(async () => ({ email: answers[0].email! }));
  Object.assign(dataProvider, { getOwnerActivation, resendOwnerActivation });
  return { getOwnerActivation, resendOwnerActivation };
}

/** The value shown under a label of the read-only detail. */
function valueOf(label: string): string | null | undefined {
  const labels = [...document.querySelectorAll('.RaLabeled-label')].filter((element) => element.textContent === label);
  expect(labels).toHaveLength(1);
  return labels[0].nextElementSibling?.textContent;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

beforeEach(() => {
  missingKeys.length = 0;
});
afterEach(() => cleanup());

describe('Firmen (list)', () => {
  it('shows the companies with the spec columns, sorted by name', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/companies', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Firmen' })).toBeInTheDocument();
    expect(await screen.findByText('Fotostudio Sonnenschein GmbH')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Firmenname',
      'Rechtform',
      'Adresse',
      'Land',
    ]);
    expect(cellsOf(screen.getByText('Studio Morgenrot e.K.').closest('tr')!)).toEqual([
      'Studio Morgenrot e.K.',
      'e.K.',
      'Hauptstraße 1, 1010 Wien',
      'Österreich',
    ]);
    expect(screen.getByText('Gesamt: 2')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Suchbegriff eingeben' })).toBeInTheDocument();
    expect(calls.getList).toHaveBeenCalledWith(
      COMPANIES_RESOURCE,
      expect.objectContaining({ sort: { field: 'name', order: 'ASC' }, pagination: { page: 1, perPage: 20 } }),
    );
    expect(missingKeys).toEqual([]);
  });

  it('opens a company at /companies/{id} by row click', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/companies', dataProvider);

    await user.click(await screen.findByText('Studio Morgenrot e.K.'));
    await waitFor(() => expect(app.pathname()).toBe('/companies/c-2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Firma' })).toBeInTheDocument();
  });

  it('opens a company with the keyboard alone: its name is a link, Enter follows it', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/companies', dataProvider);

    const link = await screen.findByRole('link', { name: 'Studio Morgenrot e.K.' });
    expect(link).toHaveAttribute('href', '/companies/c-2');
    // Tab from the top of the page: search box, its button, the sort headers, then the rows.
    for (let stops = 0; stops < 20 && document.activeElement !== link; stops += 1) await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.pathname()).toBe('/companies/c-2'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Firma' })).toBeInTheDocument();
  });
});

describe('Firma (read-only via companies/{id})', () => {
  it('shows every company field read-only', async () => {
    const { dataProvider } = fakeDataProvider();
    renderApp('/companies/c-1', dataProvider);

    expect(await screen.findByRole('heading', { level: 1, name: 'Firma' })).toBeInTheDocument();
    await screen.findByText('Fotostudio Sonnenschein GmbH');
    expect(valueOf('Firmenname')).toBe('Fotostudio Sonnenschein GmbH');
    expect(valueOf('Rechtsform')).toBe('GmbH');
    expect(valueOf('Adresse')).toBe('Lindenallee 5, 50667 Köln');
    expect(valueOf('Land')).toBe('Deutschland');
    expect(valueOf('Telefonnummer 1')).toBe('+49 221 123456');
    expect(valueOf('Telefonnummer 2')).toBe('+49 221 654321');
    expect(valueOf('Webseite')).toBe('–');
    expect(valueOf('Mitgliedsnummer Photo-Trade-Verband')).toBe('PTV-4711');
    // Read-only: no inputs (the studios' search box and page size are the only ones) and no save,
    // edit, add or delete buttons.
    const companySection = screen.getByRole('region', { name: 'Unternehmen' });
    expect(within(companySection).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(companySection).queryByRole('combobox')).not.toBeInTheDocument();
    expect(await screen.findByText('Filiale 01')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Speichern|Bearbeiten|Löschen|Studio hinzufügen|Filiale/ }),
    ).not.toBeInTheDocument();
    expect(missingKeys).toEqual([]);
  });

  it('lists the studios of the company from its store call, paged', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider(buildStores(23));
    renderApp('/companies/c-1', dataProvider);

    const studios = await screen.findByRole('region', { name: 'Studios' });
    expect(await within(studios).findByText('Filiale 01')).toBeInTheDocument();
    expect(
      within(studios)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Studioname', 'Adresse', 'Land', 'System-Integrator']);
    expect(cellsOf(within(studios).getByText('Filiale 01').closest('tr')!)).toEqual([
      'Filiale 01',
      'Ringstraße 1, 50667 Köln',
      'Deutschland',
      'FotoSoft GmbH (FOTOSOFT)',
    ]);
    expect(cellsOf(within(studios).getByText('Filiale 02').closest('tr')!)).toEqual([
      'Filiale 02',
      'Ringstraße 2, 50667 Köln',
      'Deutschland',
      '',
    ]);
    expect(within(studios).getByText('Gesamt: 23')).toBeInTheDocument();
    expect(calls.getManyReference).toHaveBeenCalledWith(
      STORES_RESOURCE,
      expect.objectContaining({
        target: 'companyId',
        id: 'c-1',
        pagination: { page: 1, perPage: 20 },
        sort: { field: 'name', order: 'ASC' },
      }),
    );

    await user.click(within(studios).getByRole('button', { name: 'Nächste Seite' }));
    expect(await within(studios).findByText('Filiale 21')).toBeInTheDocument();
    expect(calls.getManyReference).toHaveBeenLastCalledWith(
      STORES_RESOURCE,
      expect.objectContaining({ id: 'c-1', pagination: { page: 2, perPage: 20 } }),
    );
  });

  it('searches the studios of the company', async () => {
    const user = userEvent.setup();
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/companies/c-1', dataProvider);
    const studios = await screen.findByRole('region', { name: 'Studios' });
    await within(studios).findByText('Filiale 01');
    await user.type(within(studios).getByRole('textbox', { name: 'Suchbegriff eingeben' }), 'Ring{Enter}');
    await waitFor(() =>
      expect(calls.getManyReference).toHaveBeenLastCalledWith(
        STORES_RESOURCE,
        expect.objectContaining({ id: 'c-1', filter: { q: 'Ring' }, pagination: { page: 1, perPage: 20 } }),
      ),
    );
  });

  it('shows the latest changes of the company to the LumioAdmin', async () => {
    const { dataProvider, calls } = fakeDataProvider();
    renderApp('/companies/c-1', dataProvider);
    const history = await screen.findByRole('region', { name: 'Letzte Änderungen' });
    expect(await within(history).findByText('Studio hinzugefügt: Filiale 01')).toBeVisible();
    expect(within(history).getByText(/^Stefan Sonnenschein, 07\.03\.2026, \d\d:05$/)).toBeVisible();
    expect(calls.getCompanyHistory).toHaveBeenCalledWith('c-1', { pageIndex: 0, pageSize: 10 });
    expect(missingKeys).toEqual([]);
  });

  it('shows "Keine Daten vorhanden" for a company without studios', async () => {
    const { dataProvider } = fakeDataProvider();
    renderApp('/companies/c-2', dataProvider);
    const studios = await screen.findByRole('region', { name: 'Studios' });
    expect(await within(studios).findByText('Keine Daten vorhanden')).toBeInTheDocument();
  });

  it('goes back to the companies list with Zurück', async () => {
    const user = userEvent.setup();
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/companies/c-1', dataProvider);

    await user.click(await screen.findByRole('link', { name: 'Zurück' }));
    await waitFor(() => expect(app.pathname()).toBe('/companies'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Firmen' })).toBeInTheDocument();
  });

  describe("the owner's account activation (LumioAdmin)", () => {
    // Several dialogs in a row: more than the default 5 s on a busy 2-core machine.
    it(
      'shows an open activation with the last mail and re-sends it after confirmation',
      { timeout: 30_000 },
      async () => {
        const { dataProvider } = fakeDataProvider();
        const activated = { ...pendingActivation, pending: false };
        const calls = withActivation(dataProvider, [pendingActivation, activated]);
        renderApp('/companies/c-1', dataProvider);

        const section = await screen.findByRole('region', { name: 'Konto des Inhabers' });
        expect(
          await within(section).findByText(
            'Die Aktivierung steht aus: inhaber@studio-sonnenschein.example hat noch kein Passwort festgelegt.',
          ),
        ).toBeVisible();
        expect(
          within(section).getByText(/^Die letzte Aktivierungsmail wurde am 20\.11\.2026, \d\d:\d\d zugestellt\.$/),
        ).toBeVisible();
        expect(calls.getOwnerActivation).toHaveBeenCalledWith('c-1');

        await userEvent.click(within(section).getByRole('button', { name: 'Aktivierungsmail erneut senden' }));
        const confirm = await screen.findByRole('dialog', { name: 'Aktivierungsmail erneut senden?' });
        expect(
          within(confirm).getByText(
            'inhaber@studio-sonnenschein.example erhält eine neue E-Mail mit einem neuen Link zum Festlegen des Passworts (72 Stunden gültig). Links aus früheren E-Mails gelten danach nicht mehr.',
          ),
        ).toBeVisible();
        expect(calls.resendOwnerActivation).not.toHaveBeenCalled();
        await userEvent.click(within(confirm).getByRole('button', { name: 'Erneut senden' }));

        const success = await screen.findByTestId('success-dialog');
        expect(within(success).getByText('Das hat geklappt!')).toBeVisible();
        expect(
          within(success).getByText('Die Aktivierungsmail wird an inhaber@studio-sonnenschein.example gesendet.'),
        ).toBeVisible();
        expect(calls.resendOwnerActivation).toHaveBeenCalledTimes(1);
        expect(calls.resendOwnerActivation).toHaveBeenCalledWith('c-1');
        expect(
          await within(section).findByText(
            'Das Konto ist aktiviert: inhaber@studio-sonnenschein.example hat ein Passwort festgelegt.',
          ),
        ).toBeVisible();
        expect(missingKeys).toEqual([]);
      },
    );

    it('sends nothing when the confirmation is cancelled', async () => {
      const { dataProvider } = fakeDataProvider();
      const calls = withActivation(dataProvider, [pendingActivation]);
      renderApp('/companies/c-1', dataProvider);
      await userEvent.click(await screen.findByRole('button', { name: 'Aktivierungsmail erneut senden' }));
      const confirm = await screen.findByRole('dialog', { name: 'Aktivierungsmail erneut senden?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls.resendOwnerActivation).not.toHaveBeenCalled();
    });

    it('tells when the relay has not taken the mail yet, and offers no re-send once activated', async () => {
      const { dataProvider } = fakeDataProvider();
      withActivation(dataProvider, [
        {
          ...pendingActivation,
          lastMail: { ...pendingActivation.lastMail!, status: 'queued', sentAt: null, attempts: 3 },
        },
      ]);
      renderApp('/companies/c-1', dataProvider);
      expect(
        await screen.findByText(
          'Die letzte Aktivierungsmail konnte noch nicht zugestellt werden; der Versand wird automatisch wiederholt (bisher 3 Versuche).',
        ),
      ).toBeVisible();
    });

    it('counts one failed attempt in the singular', async () => {
      const { dataProvider } = fakeDataProvider();
      withActivation(dataProvider, [
        {
          ...pendingActivation,
          lastMail: { ...pendingActivation.lastMail!, status: 'queued', sentAt: null, attempts: 1 },
        },
      ]);
      renderApp('/companies/c-1', dataProvider);
      expect(
        await screen.findByText(
          'Die letzte Aktivierungsmail konnte noch nicht zugestellt werden; der Versand wird automatisch wiederholt (bisher 1 Versuch).',
        ),
      ).toBeVisible();
    });
  });

  it('returns to the list with the error dialog when the company cannot be loaded', async () => {
    const { dataProvider } = fakeDataProvider();
    const app = renderApp('/companies/unknown', dataProvider);

    const dialog = await screen.findByRole('dialog', { name: 'Das war nicht so geplant :/' });
    expect(within(dialog).getByText('Nicht gefunden.')).toBeInTheDocument();
    await waitFor(() => expect(app.pathname()).toBe('/companies'));
  });
});
