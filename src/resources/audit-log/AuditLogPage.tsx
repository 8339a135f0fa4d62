import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FunctionField, Loading, useDataProvider, useListContext, usePermissions, useTranslate } from 'react-admin';
import { useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import { LumioDatagrid, LumioList, type PhoneRow } from '../../components/list';
import type { LumioDataProvider } from '../../dataProvider';
import { formatDateTime, todayInGermany } from '../../domain/dates';
import type { Self } from '../../domain/self';
import { i18nProvider } from '../../i18n';
import { auditLogMessages } from '../../i18n/de/auditLog';
import { saveFile } from '../open-applications/saveFile';
import { AuditLogFilters } from './AuditLogFilters';
import { actionText, personText, subjectText, type AuditLogRow } from './auditLogRows';
import { AUDIT_LOG_RESOURCE, T } from './names';

// The screen's texts come with its chunk (lazyScreen waits for this module), not in the areas' chunk.
i18nProvider.addMessages(auditLogMessages);

/** The server's order (newest first): react-admin's 'id' sends no orderBy (src/dataProvider/paging.ts). */
const serverOrder = { field: 'id', order: 'DESC' as const };

/**
 * Route audit-log, 'Protokoll' (issue 28, part 4): the audit rows, newest first, paged on the
 * server (GET /api/audit), with Zeit, Person, Aktion, Gegenstand and Firma, the filters above and
 * 'CSV exportieren' (GET /api/audit/csv with the same filters). Read-only: no row opens or changes
 * anything. LumioAdmin and SystemAdmin read every row; an Owner their company's (the server
 * scopes it), without the company filter. On a phone each row is a card.
 */
export default function AuditLogPage() {
  const { permissions: self } = usePermissions<Self | undefined>();
  if (!self) return <Loading />;
  const ownCompanyId = self.role === 'Owner' ? (self.associatedEntity?.id ?? null) : null;
  return <AuditLogList ownCompanyId={ownCompanyId} />;
}

function AuditLogList({ ownCompanyId }: { ownCompanyId: string | null }) {
  const translate = useTranslate();
  const person = (row: AuditLogRow) => personText(row, translate);
  const subject = (row: AuditLogRow) => subjectText(row, translate);
  const phoneRow: PhoneRow = {
    primaryText: (row: AuditLogRow) => actionText(row.action),
    secondaryText: (row: AuditLogRow) => `${formatDateTime(row.at)} · ${person(row)}`,
    tertiaryText: (row: AuditLogRow) =>
      [subject(row), ownCompanyId ? null : row.companyName].filter(Boolean).join(' · '),
  };
  return (
    <>
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate(`${T}.intro`)}
      </Typography>
      <LumioList
        resource={AUDIT_LOG_RESOURCE}
        searchable={false}
        sort={serverOrder}
        // Another list's filters never leak in: the audit log keeps its own (in the address).
        storeKey={AUDIT_LOG_RESOURCE}
        actions={<ExportCsvButton />}
      >
        <AuditLogFilters ownCompanyId={ownCompanyId} />
        <LumioDatagrid phoneRow={phoneRow}>
          <FunctionField source="at" sortable={false} render={(row: AuditLogRow) => formatDateTime(row.at)} />
          <FunctionField source="actor" sortable={false} render={person} />
          <FunctionField source="action" sortable={false} render={(row: AuditLogRow) => actionText(row.action)} />
          <FunctionField source="subject" sortable={false} render={subject} />
          <FunctionField source="companyName" sortable={false} render={(row: AuditLogRow) => row.companyName ?? ''} />
        </LumioDatagrid>
      </LumioList>
    </>
  );
}

/** 'CSV exportieren': every row to the current filters (GET /api/audit/csv), saved under the server's name. */
function ExportCsvButton() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<LumioDataProvider>();
  const { filterValues } = useListContext();
  const { showError } = useDialogs();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const filter = Object.fromEntries(
        Object.entries(filterValues as Record<string, unknown>).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
        ),
      );
      const file = await dataProvider.downloadAuditLogCsv(filter);
      saveFile(file.blob, file.fileName ?? `${translate(`${T}.csvFileName`)}-${todayInGermany()}.csv`);
    } catch (error) {
      void showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlined />} disabled={busy} onClick={() => void download()}>
      {translate(busy ? `${T}.exporting` : `${T}.exportCsv`)}
    </Button>
  );
}
