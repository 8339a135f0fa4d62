import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  memoryStore,
  ResourceContextProvider,
  TestMemoryRouter,
  TextField,
  type DataProvider,
  type GetListParams,
} from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LumioDatagrid, LumioList } from '../../src/components/list';
import { i18nProvider, loadAreaMessages } from '../../src/i18n';

// The signed-in app loads these texts with the area's first screen (src/components/lazyScreen.ts).
beforeAll(() => loadAreaMessages());

interface Item {
  id: string;
  name: string;
  code: string;
}

const buildItems = (count: number): Item[] =>
  Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(3, '0');
    return { id: `id-${n}`, name: index % 2 ? `Studio ${n}` : `Foto ${n}`, code: `C${n}` };
  });

/** Serves the items like the API: free-text filter q over name and code, sort, page. */
function fakeDataProvider(items: Item[]) {
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const q = typeof params.filter?.q === 'string' ? params.filter.q.toLowerCase() : '';
    const matching = items.filter((item) => !q || `${item.name} ${item.code}`.toLowerCase().includes(q));
    const { field, order } = params.sort ?? { field: 'name', order: 'ASC' };
    const key = field as keyof Item;
    const sorted = [...matching].sort((a, b) => a[key].localeCompare(b[key]) * (order === 'DESC' ? -1 : 1));
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
    return { data: sorted.slice((page - 1) * perPage, page * perPage), total: matching.length };
  });
  const dataProvider = { getList } as unknown as DataProvider;
  return { dataProvider, getList };
}

function renderList(items: Item[]) {
  const fake = fakeDataProvider(items);
  render(
    <TestMemoryRouter initialEntries={['/system-integrators']}>
      <AdminContext dataProvider={fake.dataProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <ResourceContextProvider value="system-integrators">
          <LumioList pageTitle="Testliste">
            <LumioDatagrid>
              <TextField source="name" />
              <TextField source="code" />
            </LumioDatagrid>
          </LumioList>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return fake;
}

const lastParams = (getList: ReturnType<typeof fakeDataProvider>['getList']) => getList.mock.lastCall?.[1];
const searchBox = () => within(screen.getByRole('search')).getByRole('textbox', { name: 'Suchbegriff eingeben' });

afterEach(() => cleanup());

describe('generic list', () => {
  it('loads the first page of 20 sorted by name', async () => {
    const { getList } = renderList(buildItems(45));
    expect(await screen.findByText('Foto 001')).toBeInTheDocument();
    expect(lastParams(getList)).toMatchObject({
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });
    expect(screen.getAllByRole('row')).toHaveLength(21); // header + 20
  });

  it('shows the total and a German paginator with first and last buttons', async () => {
    renderList(buildItems(45));
    const footer = await screen.findByTestId('list-footer');
    expect(within(footer).getByText('Gesamt: 45')).toBeInTheDocument();
    expect(within(footer).getByText('Seite 1 von 3')).toBeInTheDocument();
    expect(within(footer).getByText('Artikel pro Seite:')).toBeInTheDocument();
    for (const label of ['Erste Seite', 'Vorherige Seite', 'Nächste Seite', 'Letzte Seite']) {
      expect(within(footer).getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(within(footer).getByRole('button', { name: 'Erste Seite' })).toBeDisabled();
  });

  it('pages forward, to the last page and back to the first', async () => {
    const user = userEvent.setup();
    const { getList } = renderList(buildItems(45));
    const footer = await screen.findByTestId('list-footer');

    await user.click(within(footer).getByRole('button', { name: 'Nächste Seite' }));
    expect(await within(footer).findByText('Seite 2 von 3')).toBeInTheDocument();
    // The footer shows the new page from the list's state; the fetch for it may follow a moment later.
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 2, perPage: 20 }));

    await user.click(within(footer).getByRole('button', { name: 'Letzte Seite' }));
    expect(await within(footer).findByText('Seite 3 von 3')).toBeInTheDocument();
    expect(within(footer).getByRole('button', { name: 'Nächste Seite' })).toBeDisabled();

    await user.click(within(footer).getByRole('button', { name: 'Erste Seite' }));
    expect(await within(footer).findByText('Seite 1 von 3')).toBeInTheDocument();
  });

  it('offers the page sizes 20, 50 and 100', async () => {
    const user = userEvent.setup();
    const { getList } = renderList(buildItems(120));
    const footer = await screen.findByTestId('list-footer');

    // Named by its label, as a screen reader announces it.
    await user.click(within(footer).getByRole('combobox', { name: 'Artikel pro Seite:' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['20', '50', '100']);

    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastParams(getList)?.pagination).toEqual({ page: 1, perPage: 50 }));
    expect(await within(footer).findByText('Seite 1 von 3')).toBeInTheDocument();
  });

  it('searches on Enter, not while typing, and starts again at the first page', async () => {
    const user = userEvent.setup();
    const { getList } = renderList(buildItems(45));
    const footer = await screen.findByTestId('list-footer');
    await user.click(within(footer).getByRole('button', { name: 'Nächste Seite' }));
    await within(footer).findByText('Seite 2 von 3');

    await user.type(searchBox(), 'Studio');
    expect(lastParams(getList)?.filter).toEqual({});

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(lastParams(getList)).toMatchObject({ filter: { q: 'Studio' }, pagination: { page: 1, perPage: 20 } }),
    );
    expect(await within(footer).findByText('Gesamt: 22')).toBeInTheDocument();
    expect(screen.queryByText('Foto 001')).not.toBeInTheDocument();
  });

  it('searches with the search icon and resets with the clear icon', async () => {
    const user = userEvent.setup();
    const { getList } = renderList(buildItems(45));
    await screen.findByText('Foto 001');

    await user.type(searchBox(), '  C007 ');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({ q: 'C007' }));
    expect(await screen.findByText('Gesamt: 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Suche zurücksetzen' }));
    await waitFor(() => expect(lastParams(getList)?.filter).toEqual({}));
    expect(searchBox()).toHaveValue('');
    expect(await screen.findByText('Gesamt: 45')).toBeInTheDocument();
  });

  it('says "Keine Daten vorhanden" when there is nothing at all', async () => {
    renderList([]);
    expect(await screen.findByText('Keine Daten vorhanden')).toBeInTheDocument();
    expect(screen.getByText('Gesamt: 0')).toBeInTheDocument();
    // The search box stays, so an empty list never hides the toolbar.
    expect(searchBox()).toBeInTheDocument();
  });

  it('names the term when a search finds nothing', async () => {
    const user = userEvent.setup();
    renderList(buildItems(3));
    await screen.findByText('Foto 001');
    await user.type(searchBox(), 'xyz{Enter}');
    expect(await screen.findByText('Keine Suchergebnisse für "xyz"')).toBeInTheDocument();
    expect(screen.queryByText('Keine Daten vorhanden')).not.toBeInTheDocument();
  });

  it('sorts by a column when its header is clicked, and says how it is sorted and what the next click does', async () => {
    const user = userEvent.setup();
    const { getList } = renderList(buildItems(5));
    await screen.findByText('Foto 001');

    const codeHeader = screen.getByRole('columnheader', { name: /Kennung/ });
    expect(codeHeader).not.toHaveAttribute('aria-sort');
    // The hint names what the next click does.
    expect(within(codeHeader).getByRole('button')).toHaveAttribute('title', 'Sortieren nach Kennung aufsteigend');
    await user.click(screen.getByRole('button', { name: /Kennung/ }));
    await waitFor(() => expect(lastParams(getList)?.sort).toEqual({ field: 'code', order: 'ASC' }));
    expect(codeHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(within(codeHeader).getByRole('button')).toHaveAttribute('title', 'Sortieren nach Kennung absteigend');
    await user.click(screen.getByRole('button', { name: /Kennung/ }));
    await waitFor(() => expect(lastParams(getList)?.sort).toEqual({ field: 'code', order: 'DESC' }));
    expect(codeHeader).toHaveAttribute('aria-sort', 'descending');
    // The rows follow the answer to the new sort a moment after the request went out.
    await waitFor(() => expect(within(screen.getAllByRole('row')[1]).getByText('C005')).toBeInTheDocument());
  });
});
