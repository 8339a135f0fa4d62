import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageFocus } from '../../src/layout/usePageFocus';

/** A layout with the hook, a page heading per route, and a row that can be deleted. */
function Shell() {
  usePageFocus('main');
  const navigate = useNavigate();
  const [rows, setRows] = useState(['Erste Zeile']);
  const [page, setPage] = useState('Firmen');
  return (
    <>
      <nav>
        <button
          type="button"
          onClick={() => {
            setPage('Firma');
            void navigate('/companies/1');
          }}
        >
          Menü: Firma
        </button>
      </nav>
      <main id="main">
        <h1 hidden />
        <h1>{page}</h1>
        {rows.map((row) => (
          <button key={row} type="button" onClick={() => setRows([])}>
            {row} löschen
          </button>
        ))}
      </main>
    </>
  );
}

/** A page whose heading appears once its record is loaded; its search field is there at once. */
function LoadingPage({ loaded }: { loaded: boolean }) {
  usePageFocus('main');
  return (
    <main id="main">
      <input aria-label="Suche" />
      {loaded ? <h1>Firma</h1> : <p>Lädt …</p>}
    </main>
  );
}

const renderShell = () =>
  render(
    <MemoryRouter initialEntries={['/companies']}>
      <Shell />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('usePageFocus (WCAG 2.4.3, issue 25)', () => {
  it('focuses the page heading on the first page and after a route change from a link that stays', async () => {
    renderShell();
    expect(screen.getByRole('heading', { name: 'Firmen' })).toHaveFocus();

    const menuLink = screen.getByRole('button', { name: 'Menü: Firma' });
    menuLink.focus();
    await act(async () => menuLink.click());
    expect(await screen.findByRole('heading', { name: 'Firma' })).toHaveFocus();
  });

  it('gives the focus to the heading when the focused row is deleted, not to the body', async () => {
    renderShell();
    const remove = screen.getByRole('button', { name: 'Erste Zeile löschen' });
    remove.focus();
    await act(async () => remove.click());
    // The MutationObserver runs after the removal.
    await act(async () => Promise.resolve());
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByRole('heading', { name: 'Firmen' })).toHaveFocus();
  });

  it('leaves the focus where the user put it while the new page was loading', async () => {
    const view = render(
      <MemoryRouter>
        <LoadingPage loaded={false} />
      </MemoryRouter>,
    );
    const search = screen.getByRole('textbox', { name: 'Suche' });
    search.focus();
    view.rerender(
      <MemoryRouter>
        <LoadingPage loaded />
      </MemoryRouter>,
    );
    await act(async () => Promise.resolve());
    expect(screen.getByRole('heading', { name: 'Firma' })).toBeInTheDocument();
    expect(search).toHaveFocus();
  });
});
