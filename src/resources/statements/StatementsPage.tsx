import { Loading, usePermissions, useRouterProvider, useTranslate } from 'react-admin';
import { managesEmployees } from '../../domain/employees';
import type { Self } from '../../domain/self';
import { CompanyStatementList } from './CompanyStatementList';
import { CompanyStatementView } from './CompanyStatementView';
import { companyStatementsPath, STATEMENTS_ROOT, T } from './names';

/**
 * Route statements (issue 27, part 3): a company's 'Abrechnungen'. statements/{companyId} lists its
 * months, statements/{companyId}/{month} shows one. Owner and AccountAdministrator reach their own
 * company's from 'Firma' (statements alone leads there), LumioAdmin any company's from the
 * company's page; the server answers 403 for another company.
 *
 * The levels are routes of react-admin's router provider, as on license-management (importing
 * react-router's modules into this chunk would split a shared chunk off the admin app).
 */
export default function StatementsPage() {
  const { Routes, Route, Navigate } = useRouterProvider();
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  const ownCompanyId = managesEmployees(self.role) ? self.associatedEntity?.id : undefined;
  return (
    <Routes>
      <Route
        index
        element={<Navigate to={ownCompanyId ? companyStatementsPath(ownCompanyId) : '/companies'} replace />}
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
