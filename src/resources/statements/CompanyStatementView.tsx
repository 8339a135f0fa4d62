import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LinkBase, useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { LumioDataProvider } from '../../dataProvider';
import { statementMonthLabel } from '../../domain/statementFormat';
import type { Statement } from '../../domain/statements';
import { usePageTitle } from '../../layout/usePageTitle';
import { DownloadButtons } from './DownloadButtons';
import { companyStatementsPath, T } from './names';
import { StatementBody } from './StatementBody';
import { StatementFacts, StatusChip, StatusNotice, usePeriodText } from './StatementHeader';
import { useCompanyStatement } from './useStatements';

/**
 * One month's statement of a company (route statements/{companyId}/{month}): the company as it
 * was named then, the period and the integrators, 'PDF herunterladen' and 'CSV herunterladen',
 * then per studio its devices, the corrections and the totals. The running month is a preview,
 * marked as such.
 */
export function CompanyStatementView({ companyId, month }: { companyId: Identifier; month: string }) {
  const translate = useTranslate();
  const title = translate(`${T}.monthTitle`, { month: statementMonthLabel(month) });
  usePageTitle(title);
  const { data, isPending, error } = useCompanyStatement(companyId, month);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography component="h1" variant="h1">
        {title}
      </Typography>
      <Card sx={{ p: { xs: 2, md: 3 }, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
        {isPending ? (
          <CircularProgress size={24} aria-label={translate(`${T}.loading`)} />
        ) : error || !data ? (
          <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>
        ) : (
          <StatementContent statement={data} />
        )}
      </Card>
      <Box>
        <Button component={LinkBase} to={companyStatementsPath(companyId)} variant="outlined" startIcon={<ArrowBack />}>
          {translate(`${T}.back`)}
        </Button>
      </Box>
    </Box>
  );
}

function StatementContent({ statement }: { statement: Statement }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const periodText = usePeriodText();
  const { company } = statement;
  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <StatusChip status={statement.status} issuedAt={statement.issuedAt} />
      </Stack>
      <StatusNotice status={statement.status} issuedAt={statement.issuedAt} />
      <StatementFacts
        facts={[
          // The legal form apart, as in the PDF: a name often carries it already ('… GmbH').
          { label: translate(`${T}.company`), value: company.name },
          { label: translate(`${T}.legalForm`), value: company.legalForm },
          { label: translate(`${T}.address`), value: [company.address, company.country].filter(Boolean).join(', ') },
          { label: translate(`${T}.period`), value: periodText(statement.period) },
          {
            label: translate(`${T}.integrators`),
            value: statement.systemIntegrators.map((si) => si.name).join(', ') || translate(`${T}.noIntegrators`),
          },
        ]}
      />
      <DownloadButtons
        month={statement.month}
        load={(format) => dataProvider.downloadCompanyStatement(statement.companyId, statement.month, format)}
      />
      <StatementBody statement={statement} />
    </>
  );
}
