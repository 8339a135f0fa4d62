import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { fetchRelatedRecords, useDataProvider, useListContext, useTranslate } from 'react-admin';
import { useState } from 'react';
import { useDialogs } from '../dialogs';

/**
 * Exports what the table shows: the current page of the current search and order (spec section
 * 9, "covers the current result page"), through the list's exporter (the `exporter` prop of
 * <LumioList>). react-admin's own ExportButton would fetch page 1 with up to 1,000 rows instead.
 * A failure opens the shared error dialog.
 */
export function ExportCurrentPageButton({ label }: { label: string }) {
  const translate = useTranslate();
  const { data, exporter, resource, isPending } = useListContext();
  const dataProvider = useDataProvider();
  const { showError } = useDialogs();
  const [exporting, setExporting] = useState(false);

  const exportPage = async () => {
    if (!exporter || !data) return;
    setExporting(true);
    try {
      await exporter(data, fetchRelatedRecords(dataProvider), dataProvider, resource);
    } catch (error) {
      void showError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button
      variant="outlined"
      startIcon={<FileDownloadOutlined />}
      onClick={() => void exportPage()}
      disabled={isPending || !data || exporting}
    >
      {translate(label)}
    </Button>
  );
}
