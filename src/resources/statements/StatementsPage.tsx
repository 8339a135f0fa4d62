import { Loading, usePermissions, useRouterProvider, useTranslate } from 'react-admin';
import { managesEmployees } from '../../domain/employees';
import type { Self } from '../../domain/self';
import { i18nProvider } from '../../i18n';
import { statementsMessages } from '../../i18n/de/statements';
import { CompanyStatementList } from './CompanyStatementList';
import { CompanyStatementView } from './CompanyStatementView';
import { IntegratorStatementsPage } from './IntegratorStatementsPage';
import { companyStatementsPath, INTEGRATOR_STATEMENTS_ROOT, STATEMENTS_ROOT, T } from './names';
import { StatementExportPage } from './StatementExportPage';

/*
 * The screens' texts come with their chunk, before the first screen renders (lazyScreen waits for
 * this module), rather than in the areas' chunk that every signed-in screen loads.
 */
i18nProvider.addMessages(statementsMessages);

/**
 * Route statements (issue 27, part 3), one chunk for all three screens (separate lazy entries
 * split shared chunks of the admin app anew and cost every signed-in page about 2 kB,
 * bench/README.md):
 * - a company's 'Abrechnungen': statements/{companyId} lists its months, statements/{companyId}/{month}
 *   shows one. Owner and AccountAdministrator reach their own company's from 'Firma' (statements
 *   alone leads there), LumioAdmin any company's from the company's page; the server answers 403
 *   for another company;
 * - the integrator's 'Abrechnungen': statements/integrator/{month};
 * - the LumioAdmin's 'Abrechnungsexport': statements/export.
 *
 * The levels are routes of react-admin's router provider, as on license-management (importing
 * react-router's modules into this chunk would split a shared chunk off the admin app).
 */
export default function StatementsPage() {
  const { Routes, Route, Navigate } = useRouterProvider();
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  const ownCompanyId = managesEmployees(self.role) ? self.associatedEntity?.id : undefined;
  const integrator = self.role === 'SystemIntegratorAdmin';
  const home = ownCompanyId
    ? companyStatementsPath(ownCompanyId)
    : integrator
      ? INTEGRATOR_STATEMENTS_ROOT
      : '/companies';
  return (
    <Routes>
      <Route index element={<Navigate to={home} replace />} />
      {/* Each role its own screens; another's address leads to the own start. */}
      <Route
        path="integrator/*"
        element={integrator ? <IntegratorStatementsPage /> : <Navigate to={STATEMENTS_ROOT} replace />}
      />
      <Route
        path="export"
        element={self.role === 'LumioAdmin' ? <StatementExportPage /> : <Navigate to={STATEMENTS_ROOT} replace />}
      />
      <Route path=":companyId" element={<Months own={Boolean(ownCompanyId)} />} />
      <Route path=":companyId/:month" element={<Month />} />
      <Route path="*" element={<Navigate to={STATEMENTS_ROOT} replace />} />
    </Routes>
  );
}

/** The company's months; back to 'Firma' for its own people, to the company's page for LumioAdmin. */
function Months({ own }: { own: boolean }) {
  const translate = useTranslate();
  const { useParams } = useRouterProvider();
  const { companyId = '' } = useParams();
  return (
    <CompanyStatementList
      key={companyId}
      companyId={companyId}
      backTo={own ? '/company-management' : `/companies/${encodeURIComponent(companyId)}`}
      backLabel={translate(`${T}.backToCompany`)}
    />
  );
}

function Month() {
  const { useParams } = useRouterProvider();
  const { companyId = '', month = '' } = useParams();
  return <CompanyStatementView key={`${companyId}|${month}`} companyId={companyId} month={month} />;
}
