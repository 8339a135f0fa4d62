import Link from '@mui/material/Link';
import { LinkBase, useRecordContext, type RaRecord } from 'react-admin';
import type { MouseEvent } from 'react';

export interface LevelLinkProps<R extends RaRecord> {
  /** The field shown; with `label` also read by the table header (column title, sorting). */
  source: string;
  label?: string;
  /** The level below for this record. */
  to: (record: R) => string;
  /** The licence key reads better in a monospaced font. */
  monospace?: boolean;
}

/**
 * The first cell of a level's row as a link one level down: a keyboard user goes where a mouse
 * user goes by clicking the row (which a function as rowClick leaves without a link).
 */
export function LevelLink<R extends RaRecord>({ source, to, monospace = false }: LevelLinkProps<R>) {
  const record = useRecordContext<R>();
  if (!record) return null;
  return (
    <Link
      component={LinkBase}
      to={to(record)}
      underline="hover"
      sx={monospace ? { fontFamily: 'monospace', whiteSpace: 'nowrap' } : undefined}
      // The row's own click would navigate a second time.
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {String(record[source] ?? '')}
    </Link>
  );
}
