import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import {
  Loading,
  useDataProvider,
  useNavigate,
  usePermissions,
  useRouterProvider,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { LumioDataProvider } from '../../dataProvider';
import { currentStatementMonth, statementPickerMonths } from '../../domain/statementFormat';
import type { Self } from '../../domain/self';
import type { SystemIntegratorStatement } from '../../domain/statements';
import { usePageTitle } from '../../layout/usePageTitle';
import { DownloadButtons } from './DownloadButtons';
import { MonthPicker } from './MonthPicker';
import { INTEGRATOR_STATEMENTS_ROOT, integratorStatementPath, T } from './names';
import { StatementBody, StatementSection } from './StatementBody';
import { StatementFacts, StatusChip, StatusNotice, usePeriodText } from './StatementHeader';
import { StatementTotals } from './StatementTotals';
import { useSystemIntegratorStatement } from './useStatements';

const I = `${T}.integrator`;

/**
 * statements/integrator (issue 27, part 3): the SystemIntegratorAdmin's 'Abrechnungen', what
 * its own integrator invoices for a month (statements/integrator/{month}; the running month and
 * the 12 before it to choose from): per customer company its statement limited to the
 * integrator's licences, the totals, and the month as PDF and CSV.
 */
export function IntegratorStatementsPage() {
  const { Routes, Route, Navigate } = useRouterProvider();
  return (
    <Routes>
      <Route index element={<Navigate to={integratorStatementPath(currentStatementMonth())} replace />} />
      <Route path=":month" element={<MonthScreen />} />
      <Route path="*" element={<Navigate to={INTEGRATOR_STATEMENTS_ROOT} replace />} />
    </Routes>
  );
}

function MonthScreen() {
  const translate = useTranslate();
  const title = translate(`${I}.title`);
  usePageTitle(title);
  const { useParams, Navigate } = useRouterProvider();
  const navigate = useNavigate();
  const { month = '' } = useParams();
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  // A month the picker does not offer (typed into the address) goes to the running one.
  if (!statementPickerMonths().includes(month)) return <Navigate to={INTEGRATOR_STATEMENTS_ROOT} replace />;
  const systemIntegratorId = self.associatedEntity?.id;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography component="h1" variant="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{translate(`${I}.intro`)}</Typography>
      <Box>
        <MonthPicker value={month} onChange={(next) => navigate(integratorStatementPath(next))} />
      </Box>
      <Card sx={{ p: { xs: 2, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
        {systemIntegratorId ? (
          <IntegratorMonth key={month} systemIntegratorId={systemIntegratorId} month={month} />
        ) : (
          <Alert severity="info">{translate(`${I}.noIntegrator`)}</Alert>
        )}
      </Card>
    </Box>
  );
}

function IntegratorMonth({ systemIntegratorId, month }: { systemIntegratorId: Identifier; month: string }) {
  const translate = useTranslate();
  const { data, isPending, error } = useSystemIntegratorStatement(systemIntegratorId, month);
  if (isPending) return <CircularProgress size={24} aria-label={translate(`${T}.loading`)} />;
  if (error || !data) return <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>;
  return <IntegratorStatementContent statement={data} />;
}

function IntegratorStatementContent({ statement }: { statement: SystemIntegratorStatement }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const periodText = usePeriodText();
  return (
    <>
      <Box>
        <StatusChip status={statement.status} issuedAt={statement.issuedAt} />
      </Box>
      <StatusNotice status={statement.status} issuedAt={statement.issuedAt} />
      <StatementFacts
        facts={[
          { label: translate(`${T}.integrators`), value: statement.systemIntegratorName },
          { label: translate(`${T}.period`), value: periodText(statement.period) },
        ]}
      />
      <DownloadButtons
        month={statement.month}
        subject="integrator"
        load={(format) =>
          dataProvider.downloadSystemIntegratorStatement(statement.systemIntegratorId, statement.month, format)
        }
      />
      {statement.companies.length === 0 ? (
        <Typography color="text.secondary">{translate(`${I}.noCompanies`)}</Typography>
      ) : (
        statement.companies.map((company) => (
          <StatementSection key={company.companyId} title={company.company.name} level={2}>
            <StatementFacts
              facts={[
                {
                  label: translate(`${T}.address`),
                  value: [company.company.address, company.company.country].filter(Boolean).join(', '),
                },
              ]}
            />
            <StatementBody statement={company} level={3} />
          </StatementSection>
        ))
      )}
      <StatementSection title={translate(`${T}.totals`)} level={2}>
        <StatementTotals
          caption={translate(`${I}.totalsCaption`)}
          labelColumn={`${I}.totalsCompany`}
          rows={statement.companies.map((company) => ({
            key: company.companyId,
            labels: [company.company.name],
            counts: company.totals,
          }))}
          totals={statement.totals}
        />
      </StatementSection>
    </>
  );
}
