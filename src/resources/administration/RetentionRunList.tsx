import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LinkBase, useListContext, useTranslate } from 'react-admin';
import { LumioList } from '../../components/list';
import { formatDateTime } from '../../domain/dates';
import { RETENTION_CATEGORY_TEXTS, RETENTION_RUN_STATUS_TEXTS, type RetentionRunView } from '../../domain/retention';
import { i18nProvider } from '../../i18n';
import { auditLogMessages } from '../../i18n/de/auditLog';
import { ADMINISTRATION_RESOURCE } from './names';

// The screen's texts come with its chunk (lazyScreen waits for this module), not in the areas' chunk.
i18nProvider.addMessages(auditLogMessages);

export const RETENTION_RUNS_RESOURCE = 'retention-runs';
const T = 'app.retention';
const COUNTS = ['checked', 'deleted', 'anonymised'] as const;
/** The server's order (newest first): react-admin's 'id' sends no orderBy. */
const serverOrder = { field: 'id', order: 'DESC' as const };

/**
 * 'Datenlöschung' (issue 28, part 2), route administration/retention, the SystemAdmin's: the last
 * runs of the retention job (GET /api/retention-run, newest first, paged), each with its start,
 * end and state, and per category how many rows it checked, deleted and anonymised. Read-only.
 */
export function RetentionRunList() {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ mt: 2 }}>
        <Button component={LinkBase} to={`/${ADMINISTRATION_RESOURCE}`} startIcon={<ArrowBack />}>
          {translate(`${T}.back`)}
        </Button>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate(`${T}.intro`)}
      </Typography>
      <LumioList resource={RETENTION_RUNS_RESOURCE} searchable={false} sort={serverOrder} disableSyncWithLocation>
        <RetentionRuns />
      </LumioList>
    </>
  );
}

function RetentionRuns() {
  const translate = useTranslate();
  const { data, isPending } = useListContext<RetentionRunView>();
  if (isPending) return null;
  if (!data?.length) {
    return (
      <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary" role="status">
        {translate(`${T}.empty`)}
      </Typography>
    );
  }
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {data.map((run) => (
        <RetentionRun key={run.id} run={run} />
      ))}
    </Box>
  );
}

function RetentionRun({ run }: { run: RetentionRunView }) {
  const translate = useTranslate();
  const title = translate(`${T}.run`, { start: formatDateTime(run.startedAt) });
  const headingId = `retention-run-${run.id}`;
  return (
    <Box component="li" aria-labelledby={headingId} sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography id={headingId} component="h2" variant="h6">
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, my: 1 }}>
        <dt>{translate(`${T}.started`)}</dt>
        <dd style={{ margin: 0 }}>{formatDateTime(run.startedAt)}</dd>
        <dt>{translate(`${T}.finished`)}</dt>
        <dd style={{ margin: 0 }}>{run.finishedAt ? formatDateTime(run.finishedAt) : translate(`${T}.notFinished`)}</dd>
        <dt>{translate(`${T}.status`)}</dt>
        <dd style={{ margin: 0 }}>{RETENTION_RUN_STATUS_TEXTS[run.status] ?? run.status}</dd>
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {translate(`${T}.category`)}
              </TableCell>
              {COUNTS.map((count) => (
                <TableCell key={count} component="th" scope="col" align="right">
                  {translate(`${T}.${count}`)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {run.categories.map((category) => (
              <TableRow key={category.category}>
                <TableCell component="th" scope="row">
                  {RETENTION_CATEGORY_TEXTS[category.category] ?? category.category}
                </TableCell>
                {COUNTS.map((count) => (
                  <TableCell key={count} align="right">
                    {category[count].toLocaleString('de-DE')}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
