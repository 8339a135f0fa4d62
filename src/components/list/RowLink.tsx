import Link from '@mui/material/Link';
import type { MouseEvent, ReactElement } from 'react';
import { LinkBase, useGetPathForRecord, useRecordContext, useResourceContext } from 'react-admin';

export type RowLinkType = 'edit' | 'show';

/**
 * A list cell whose content links to the record's page. The click stays with the link: the row's
 * own click handler would navigate a second time.
 */
export function RowLink({ field, link }: { field: ReactElement; link: RowLinkType }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const path = useGetPathForRecord({ record, resource, link });
  if (!path) return field;
  return (
    <Link component={LinkBase} to={path} underline="hover" onClick={(event: MouseEvent) => event.stopPropagation()}>
      {field}
    </Link>
  );
}
