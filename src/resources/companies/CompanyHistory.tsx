import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailSection } from '../../components/detail/DetailSection';
import type { CompanyHistoryPage, HistoryPageRequest, LumioDataProvider } from '../../dataProvider';
import { MAX_PAGE_SIZE } from '../../domain/paging';
import { companyHistoryKey } from './companyHistoryKey';
import { describeHistoryEntry } from './historyText';

const T = 'app.companyHistory';
/** The newest ten first; 'Ältere Änderungen anzeigen' adds ten more, up to one page of the API. */
const STEP = 10;

/**
 * 'Letzte Änderungen' of a company (issue 9, ARCHITECTURE.md "Audit trail"): who changed what and
 * when, newest first, from GET /company/{id}/history. Only the Owner and LumioAdmin may read it.
 */
export function CompanyHistory({ companyId }: { companyId: Identifier }) {
  const dataProvider = useDataProvider<LumioDataProvider>();
  return (
    <HistorySection
      queryKey={companyHistoryKey(companyId)}
      load={(page) => dataProvider.getCompanyHistory(companyId, page)}
    />
  );
}

export interface HistorySectionProps {
  /** Invalidating it reloads the section (e.g. after a change it records). */
  queryKey: QueryKey;
  load: (page: HistoryPageRequest) => Promise<CompanyHistoryPage>;
}

/** 'Letzte Änderungen' of any record's audit trail: a company's, or a person's (employees/{id}). */
export function HistorySection({ queryKey, load }: HistorySectionProps) {
  const translate = useTranslate();
  const [pageSize, setPageSize] = useState(STEP);
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: [...queryKey, pageSize],
    queryFn: () => load({ pageIndex: 0, pageSize }),
    // Showing more keeps the shown entries in place while the longer page loads.
    placeholderData: keepPreviousData,
  });

  let body;
  if (isPending) body = <CircularProgress size={24} aria-label={translate(`${T}.loading`)} />;
  else if (error || !data) body = <Alert severity="error">{translate(`${T}.loadFailed`)}</Alert>;
  else if (data.items.length === 0) body = <Typography color="text.secondary">{translate(`${T}.empty`)}</Typography>;
  else {
    const canShowMore = data.totalItemCount > data.items.length && pageSize < MAX_PAGE_SIZE;
    body = (
      <>
        <List dense disablePadding data-testid="company-history">
          {data.items.map((entry) => {
            const { what, who, when } = describeHistoryEntry(entry, translate);
            return (
              <ListItem key={entry.id} disableGutters divider>
                <ListItemText
                  primary={what}
                  secondary={translate(`${T}.byAt`, { who, when })}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
        {canShowMore ? (
          <Button
            sx={{ mt: 1 }}
            disabled={isFetching}
            onClick={() => setPageSize((size) => Math.min(size + STEP, MAX_PAGE_SIZE))}
          >
            {translate(`${T}.more`)}
          </Button>
        ) : null}
      </>
    );
  }
  return <DetailSection title={`${T}.title`}>{body}</DetailSection>;
}
