import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useDataProvider, type Identifier } from 'react-admin';
import { useState } from 'react';
import { useDialogs } from '../../components/dialogs';
import type { LumioDataProvider } from '../../dataProvider';
import { DEFAULT_REPORT_FILE_NAME, type IdentificationReport, type ReportRequest } from '../../domain/reports';
import { saveFile } from '../open-applications/saveFile';
import { REPORTS_RESOURCE } from './names';

const T = 'app.reports';

interface ListPage {
  data: IdentificationReport[];
  total?: number;
}

interface ListParams {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}

/**
 * Shows a report just requested: on top of the lists that show the newest first (page 1, sorted
 * by last change, no search), as the server answered it ('Ausstehend'); the list's own refresh
 * while a report is unfinished brings its next states. Other lists are loaded again.
 */
function showRequested(queryClient: QueryClient, report: IdentificationReport) {
  for (const [key, page] of queryClient.getQueriesData<ListPage>({ queryKey: [REPORTS_RESOURCE, 'getList'] })) {
    const params = key[2] as ListParams | undefined;
    const newestFirst =
      params?.pagination?.page === 1 &&
      params.sort?.field === 'lastModified' &&
      params.sort.order === 'DESC' &&
      Object.keys(params.filter ?? {}).length === 0;
    if (page && newestFirst) {
      const others = page.data.filter((shown) => shown.id !== report.id);
      queryClient.setQueryData<ListPage>(key, {
        ...page,
        data: [report, ...others].slice(0, params.pagination?.perPage ?? others.length + 1),
        total: (page.total ?? others.length) + 1,
      });
    } else {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
  }
}

/**
 * The reports' calls (spec sections 7 and 8): request one ('Auswertung wurde angefordert'; the new
 * report shows at once, and the list refreshes itself while a report is unfinished) and download a
 * completed one under the name of the answer's Content-Disposition (default report.zip). Failures
 * open the shared error dialog.
 */
export function useReportActions() {
  const dataProvider = useDataProvider<LumioDataProvider>();
  const queryClient = useQueryClient();
  const { showError, showSuccess } = useDialogs();
  const [requesting, setRequesting] = useState(false);
  const [downloading, setDownloading] = useState<ReadonlySet<Identifier>>(new Set());

  async function requestReport(request: ReportRequest): Promise<boolean> {
    setRequesting(true);
    let report: IdentificationReport;
    try {
      report = await dataProvider.requestReport(request);
    } catch (error) {
      void showError(error);
      return false;
    } finally {
      setRequesting(false);
    }
    showRequested(queryClient, report);
    void showSuccess({ title: `${T}.requestedTitle`, text: `${T}.requestedText` });
    return true;
  }

  async function downloadReport(id: Identifier): Promise<void> {
    setDownloading((current) => new Set(current).add(id));
    try {
      const file = await dataProvider.downloadReport(id);
      saveFile(file.blob, file.fileName ?? DEFAULT_REPORT_FILE_NAME);
    } catch (error) {
      void showError(error);
    } finally {
      setDownloading((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }

  return { requestReport, downloadReport, requesting, isDownloading: (id: Identifier) => downloading.has(id) };
}

export type ReportActions = ReturnType<typeof useReportActions>;
