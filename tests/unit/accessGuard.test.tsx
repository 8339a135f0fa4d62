import { configure, screen } from '@testing-library/react';
import { Resource, type DataProvider } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { guardResourceViews } from '../../src/components/auth';
import type { Self } from '../../src/domain/self';
import companies, { COMPANIES_RESOURCE } from '../../src/resources/companies';
import { LUMIO_ADMIN, missingKeys, renderAdminApp } from './support/adminApp';

// The first render of a lazy view compiles its chunk; on a busy 2-core machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });

const OWNER: Self = {
  ...LUMIO_ADMIN,
  id: 'u-owner',
  role: 'Owner',
  status: 'VerifiedAndApproved',
  associatedEntity: { id: 'c-1' },
};

const guardedCompanies = guardResourceViews(COMPANIES_RESOURCE, companies);

function renderCompanies(path: string, self: Self) {
  const getList = vi.fn(async () => ({ data: [], total: 0 }));
  const getOne = vi.fn(async () => ({ data: { id: 'c-1', name: 'Fotostudio Sonnenschein GmbH' } }));
  const dataProvider = { getList, getOne } as unknown as DataProvider;
  const app = renderAdminApp(path, {
    dataProvider,
    self,
    resources: <Resource name={COMPANIES_RESOURCE} {...guardedCompanies} />,
  });
  return { ...app, getList, getOne };
}

beforeEach(() => {
  missingKeys.length = 0;
});

describe('a refused resource page', () => {
  for (const path of ['/companies', '/companies/c-1']) {
    it(`shows 'Zugriff verweigert' at ${path} itself, with the way back, and loads nothing`, async () => {
      const { pathname, getList, getOne } = renderCompanies(path, OWNER);

      expect(await screen.findByRole('heading', { level: 1, name: 'Zugriff verweigert' })).toBeInTheDocument();
      expect(screen.getByText('Sie haben nicht die nötigen Berechtigungen, um diese Seite aufzurufen.')).toBeVisible();
      expect(screen.getByRole('link', { name: 'Zur Übersicht' })).toHaveAttribute('href', '/dashboard');
      expect(pathname()).toBe(path);
      expect(document.title).toBe('Zugriff verweigert – Lumio');
      expect(getList).not.toHaveBeenCalled();
      expect(getOne).not.toHaveBeenCalled();
      expect(missingKeys).toEqual([]);
    });
  }

  it('opens for a user the role table lets in, with the page in the tab title', async () => {
    const { pathname } = renderCompanies('/companies', LUMIO_ADMIN);

    expect(await screen.findByRole('heading', { level: 1, name: 'Firmen' })).toBeInTheDocument();
    expect(screen.queryByText('Zugriff verweigert')).toBeNull();
    expect(pathname()).toBe('/companies');
    expect(document.title).toBe('Firmen – Lumio');
  });
});
