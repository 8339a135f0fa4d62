import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { SimpleListProps } from 'react-admin';
import { ListEmpty } from './ListEmpty';
import { LumioTable, type LumioTableProps, type RowClick } from './LumioTable';
import { PhoneCardList } from './PhoneCardList';
import { RowLink, type RowLinkType } from './RowLink';

/**
 * What a phone shows of each record instead of the table's columns (react-admin's SimpleList), and
 * the row's actions: a list with an actions column passes the same element here, so that every
 * action of a row is there on a phone too (PhoneCardList shows it under the row's texts).
 */
export type PhoneRow = Pick<SimpleListProps, 'primaryText' | 'secondaryText' | 'tertiaryText'> & {
  actions?: ReactNode;
};

export interface LumioDatagridProps extends LumioTableProps {
  /**
   * Below 600 px the rows become this list of links and texts. Without it the table keeps its
   * columns and scrolls sideways inside its card; the page itself never scrolls sideways.
   */
  phoneRow?: PhoneRow;
}

const isRowLinkType = (rowClick: RowClick | undefined): rowClick is RowLinkType =>
  rowClick === 'edit' || rowClick === 'show';

/**
 * A row that opens by click opens by keyboard too: its first column is a real link to the same
 * page (Tab, Enter; also "open in new tab"), the rest of the row stays a mouse target. The
 * wrapper keeps the field's props, so the column keeps its header, label and sorting.
 */
function withRowLink(children: ReactNode, rowClick: RowClick): ReactNode {
  if (!isRowLinkType(rowClick)) return children;
  const [first, ...rest] = Children.toArray(children);
  if (!isValidElement<Record<string, unknown>>(first)) return children;
  return [
    <RowLink {...first.props} key={first.key ?? 'row-link'} field={first as ReactElement} link={rowClick} />,
    ...rest,
  ];
}

/**
 * Every list's records: the table (LumioTable) with the German empty state and no row click unless
 * the resource passes one; on a phone the cards or links of `phoneRow`. Column headers sort
 * through react-admin's list context.
 */
export function LumioDatagrid({ children, rowClick = false, phoneRow, ...props }: LumioDatagridProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone && phoneRow) {
    // A link type makes each entry a link; a function (e.g. one that opens a dialog) a button.
    const phoneRowClick = isRowLinkType(rowClick) || typeof rowClick === 'function' ? rowClick : false;
    // Our own list rather than react-admin's SimpleList, whose empty state imports react-admin's
    // Button and with it MUI's Tooltip and Popper on every list page (issue 25).
    return <PhoneCardList {...phoneRow} rowClick={phoneRowClick} />;
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <LumioTable empty={<ListEmpty />} rowClick={rowClick} {...props}>
        {withRowLink(children, rowClick)}
      </LumioTable>
    </Box>
  );
}
