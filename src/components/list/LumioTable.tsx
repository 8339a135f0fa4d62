import { styled } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { SxProps, Theme } from '@mui/material/styles';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import {
  FieldTitle,
  RecordContextProvider,
  useGetPathForRecordCallback,
  useListContext,
  useNavigate,
  useResourceContext,
  useTranslate,
  useTranslateLabel,
  type RaRecord,
  type SortPayload,
} from 'react-admin';

/** What a row click does: open the record's edit or show page, go to a returned path, or nothing (false). */
export type RowClick =
  | 'edit'
  | 'show'
  | false
  | ((id: RaRecord['id'], resource: string, record: RaRecord) => string | false | Promise<string | false>);

export interface LumioTableProps {
  /** The columns: react-admin fields (source, label, sortable, sortBy, textAlign) and action cells. */
  children: ReactNode;
  rowClick?: RowClick;
  rowSx?: (record: RaRecord, index: number) => SxProps<Theme>;
  /** Shown instead of the table when the list has no record. */
  empty?: ReactElement;
}

/** The props a column's element carries, as react-admin's fields declare them. */
interface ColumnProps {
  source?: string;
  label?: ReactNode;
  sortable?: boolean;
  sortBy?: string;
  sortByOrder?: SortPayload['order'];
  textAlign?: 'left' | 'right' | 'center';
  headerClassName?: string;
  cellClassName?: string;
}
type Column = ReactElement<ColumnProps> & { type: { textAlign?: ColumnProps['textAlign']; sortable?: boolean } };

/**
 * The class names of react-admin's Datagrid, so that the theme and the browser tests find the table
 * and its rows as before.
 */
const CLASSES = {
  table: 'RaDatagrid-table',
  headerCell: 'RaDatagrid-headerCell',
  row: 'RaDatagrid-row',
  clickableRow: 'RaDatagrid-clickableRow',
  rowCell: 'RaDatagrid-rowCell',
} as const;

const Root = styled('div')(({ theme }) => ({
  [`& .${CLASSES.clickableRow}`]: { cursor: 'pointer' },
  [`& .${CLASSES.headerCell}`]: { backgroundColor: theme.palette.background.paper },
  // As react-admin's header cell: the sort arrow only on the column the list is sorted by.
  '& .MuiTableSortLabel-icon': { display: 'none' },
  '& .Mui-active .MuiTableSortLabel-icon': { display: 'inline' },
}));

const OPPOSITE: Record<SortPayload['order'], SortPayload['order']> = { ASC: 'DESC', DESC: 'ASC' };

const columnsOf = (children: ReactNode) => Children.toArray(children).filter(isValidElement) as Column[];
const alignOf = (column: Column) => column.props.textAlign ?? column.type.textAlign;
const sortFieldOf = (column: Column) =>
  column.props.sortable === false || column.type.sortable === false
    ? undefined
    : (column.props.sortBy ?? column.props.source);

function HeaderCell({ column }: { column: Column }) {
  const { sort, setSort } = useListContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const translateLabel = useTranslateLabel();
  const { label, source, headerClassName } = column.props;
  const title = <FieldTitle label={label} source={source} resource={resource} />;
  const field = sortFieldOf(column);
  const className = [CLASSES.headerCell, headerClassName].filter(Boolean).join(' ');
  if (!field || !sort || !setSort) {
    return (
      <TableCell className={className} align={alignOf(column)} variant="head">
        {title}
      </TableCell>
    );
  }
  const active = sort.field === field;
  const next = active ? OPPOSITE[sort.order] : (column.props.sortByOrder ?? 'ASC');
  const fieldLabel = translateLabel({ label: typeof label === 'string' ? label : undefined, resource, source });
  // The hint react-admin's header shows as a tooltip ('Sortieren nach Name aufsteigend'), here as
  // the native title: MUI's Tooltip would bring Popper onto every list page.
  const hint = translate('ra.sort.sort_by', {
    field: fieldLabel,
    field_lower_first: typeof fieldLabel === 'string' ? fieldLabel.charAt(0).toLowerCase() + fieldLabel.slice(1) : '',
    order: translate(`ra.sort.${next}`),
    _: translate('ra.action.sort'),
  });
  return (
    <TableCell
      className={className}
      align={alignOf(column)}
      variant="head"
      aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined}
    >
      <TableSortLabel
        active={active}
        direction={sort.order === 'ASC' ? 'asc' : 'desc'}
        title={hint}
        data-field={field}
        onClick={() => setSort({ field, order: next })}
      >
        {title}
      </TableSortLabel>
    </TableCell>
  );
}

function Row({
  record,
  index,
  columns,
  rowClick,
  rowSx,
}: { record: RaRecord; index: number; columns: Column[] } & Pick<LumioTableProps, 'rowClick' | 'rowSx'>) {
  const resource = useResourceContext() ?? '';
  const navigate = useNavigate();
  const getPathForRecord = useGetPathForRecordCallback();
  const open = async () => {
    const link = typeof rowClick === 'function' ? await rowClick(record.id, resource, record) : rowClick;
    if (!link) return;
    const path = await getPathForRecord({ record, resource, link });
    if (path) navigate(path, { state: { _scrollToTop: true } });
  };
  const className = rowClick ? `${CLASSES.row} ${CLASSES.clickableRow}` : CLASSES.row;
  return (
    <RecordContextProvider value={record}>
      <TableRow
        hover
        className={className}
        sx={rowSx?.(record, index)}
        onClick={rowClick ? () => void open() : undefined}
      >
        {columns.map((column, at) => (
          <TableCell
            key={`${column.props.source ?? ''}-${at}`}
            className={[`column-${column.props.source}`, CLASSES.rowCell, column.props.cellClassName]
              .filter(Boolean)
              .join(' ')}
            align={alignOf(column)}
          >
            {column}
          </TableCell>
        ))}
      </TableRow>
    </RecordContextProvider>
  );
}

/**
 * The desktop table of every list: the columns' headers sort through the list context, a row click
 * opens what `rowClick` names, no selection checkboxes or bulk actions (Lumio has none). Our own
 * instead of react-admin's Datagrid, whose default bulk actions, select-all checkbox and header
 * tooltips (Tooltip and Popper) came with every list page even when switched off: about 14 kB of
 * gzip -9 per page (issue 25, bench/README.md).
 */
export function LumioTable({ children, rowClick = false, rowSx, empty }: LumioTableProps) {
  const { data, isPending, total } = useListContext();
  const columns = columnsOf(children);
  if (!isPending && (!data || data.length === 0 || total === 0)) return empty ?? null;
  return (
    <Root>
      <Table className={CLASSES.table} size="small" aria-busy={isPending || undefined}>
        <TableHead>
          <TableRow>
            {columns.map((column, at) => (
              <HeaderCell key={`${column.props.source ?? ''}-${at}`} column={column} />
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(data ?? []).map((record: RaRecord, index: number) => (
            <Row key={record.id} record={record} index={index} columns={columns} rowClick={rowClick} rowSx={rowSx} />
          ))}
        </TableBody>
      </Table>
    </Root>
  );
}
