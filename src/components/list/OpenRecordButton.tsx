import Link from '@mui/material/Link';
import { useRecordContext, type RaRecord } from 'react-admin';
import type { MouseEvent } from 'react';

export interface OpenRecordButtonProps<R extends RaRecord> {
  /** The field shown; with `label` also read by the table header (column title, sorting). */
  source: string;
  label?: string;
  onOpen: (record: R) => void;
}

/**
 * A table cell's text as a button that opens the row's dialog, so a keyboard user opens what a
 * mouse user opens by clicking the row (a row click that opens a dialog is no link LumioDatagrid
 * could add).
 */
export function OpenRecordButton<R extends RaRecord>({ source, onOpen }: OpenRecordButtonProps<R>) {
  const record = useRecordContext<R>();
  if (!record) return null;
  return (
    <Link
      component="button"
      type="button"
      underline="hover"
      sx={{ textAlign: 'left', font: 'inherit' }}
      onClick={(event: MouseEvent) => {
        // The row's own click would open the dialog a second time.
        event.stopPropagation();
        onOpen(record);
      }}
    >
      {String(record[source] ?? '')}
    </Link>
  );
}
