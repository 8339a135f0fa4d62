import { useRecordContext, useTranslate } from 'react-admin';

/**
 * A yes/no column ('Postpaid erlaubt', 'Gesperrt') as the words Ja and Nein: readable, and the
 * same on a phone and for a screen reader. `source` and `label` are read by the table header.
 */
export function YesNoField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return <>{translate(record[source] ? 'app.licenses.yes' : 'app.licenses.no')}</>;
}
