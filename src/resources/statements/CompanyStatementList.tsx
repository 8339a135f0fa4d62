import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { useState, type MouseEvent } from 'react';
import { FunctionField, LinkBase, useRecordContext, useTranslate, type Identifier } from 'react-admin';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import { currentStatementMonth, germanDayOf, statementMonthLabel } from '../../domain/statementFormat';
import type { StatementListEntry } from '../../domain/statements';
import { MonthPicker } from './MonthPicker';
import { COMPANY_STATEMENTS_RESOURCE, companyStatementPath, T } from './names';
import { StatusChip } from './StatementHeader';

type Row = StatementListEntry & { id: string };

/**
 * A company's months with a statement (route statements/{companyId}), newest first as the server
 * orders them: the running month 'vorläufig', then each issued month 'ausgestellt am …'. A row
 * opens the month. `backTo` leads back where the list was opened from (Firma, the company's page).
 */
export function CompanyStatementList({
  companyId,
  backTo,
  backLabel,
}: {
  companyId: Identifier;
  backTo: string;
  backLabel: string;
}) {
  const translate = useTranslate();
  const [chosen, setChosen] = useState(() => currentStatementMonth());
  const toMonth = (entry: StatementListEntry) => companyStatementPath(companyId, entry.month);
  const statusText = (entry: StatementListEntry) =>
    entry.status === 'preview'
      ? translate(`${T}.preview`)
      : translate(`${T}.issuedOn`, { date: entry.issuedAt ? germanDayOf(entry.issuedAt) : '' });
  const phoneRow: PhoneRow = {
    primaryText: (entry: Row) => statementMonthLabel(entry.month),
    secondaryText: (entry: Row) => statusText(entry),
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      <Typography color="text.secondary">{translate(`${T}.intro`)}</Typography>
      {/* Any of the last 13 months, listed or not: a past month not issued yet is issued when opened. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <MonthPicker value={chosen} onChange={setChosen} />
        <Button component={LinkBase} to={companyStatementPath(companyId, chosen)} variant="outlined">
          {translate(`${T}.openMonth`)}
        </Button>
      </Stack>
      <LumioList
        resource={COMPANY_STATEMENTS_RESOURCE}
        filter={{ companyId }}
        // The server's order (newest first) and no search: the API takes only the page.
        sort={{ field: 'id', order: 'DESC' }}
        searchable={false}
        storeKey={false}
        pageTitle={translate(`${T}.title`)}
      >
        <LumioDatagrid rowClick={(_id, _resource, entry) => toMonth(entry as Row)} phoneRow={phoneRow}>
          <MonthLink source="month" sortable={false} to={toMonth} />
          <FunctionField<Row>
            source="status"
            sortable={false}
            render={(entry) => <StatusChip status={entry.status} issuedAt={entry.issuedAt} />}
          />
        </LumioDatagrid>
      </LumioList>
      <Box>
        <Button component={LinkBase} to={backTo} variant="outlined" startIcon={<ArrowBack />}>
          {backLabel}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The month as the row's link ('Oktober 2026'): a keyboard user goes where a click on the row
 * leads, and 'open in a new tab' works. `source` and `sortable` are read by the table's header.
 */
function MonthLink({ to }: { source: string; sortable?: boolean; to: (entry: StatementListEntry) => string }) {
  const entry = useRecordContext<Row>();
  if (!entry) return null;
  return (
    <Link
      component={LinkBase}
      to={to(entry)}
      underline="hover"
      // The row's own click would navigate a second time.
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {statementMonthLabel(entry.month)}
    </Link>
  );
}
