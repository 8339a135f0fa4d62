import { List, type ListProps, type SortPayload } from 'react-admin';
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../domain/paging';
import { ListPageTitle } from '../../layout/resourcePageTitles';
import { ListToolbar } from './ListToolbar';
import { LumioPagination } from './LumioPagination';

export interface LumioListProps extends Omit<ListProps, 'actions' | 'pagination' | 'empty' | 'children' | 'render'> {
  children: ReactNode;
  /** Buttons right of the search box, e.g. a <CreateButton>. */
  actions?: ReactNode;
  /** Lists without a searchable column hide the search box. */
  searchable?: boolean;
  /**
   * The page's heading and tab title, already German (e.g. it names a record): instead of the
   * resource's page title (resources.<name>.page.list).
   */
  pageTitle?: string;
  /** The tab title when it says more than the heading (default: pageTitle). */
  tabTitle?: string;
}

/** Every list sorts by name unless it says otherwise; the API rejects unknown sort fields. */
const defaultSort: SortPayload = { field: 'name', order: 'ASC' };

/**
 * react-admin <List> with the generic table behaviour of the spec: search box above the table,
 * footer with total and German paginator, page size 20, and the empty states inside the table
 * (react-admin's own empty page is off so that search and actions stay visible).
 */
export function LumioList({
  children,
  actions,
  searchable = true,
  perPage = DEFAULT_PAGE_SIZE,
  sort = defaultSort,
  pageTitle,
  tabTitle,
  ...props
}: LumioListProps) {
  return (
    <List
      // An element, not a string: react-admin would pass a string through translate (polyglot).
      title={pageTitle === undefined ? undefined : <>{pageTitle}</>}
      {...props}
      perPage={perPage}
      sort={sort}
      actions={false}
      empty={false}
      pagination={<LumioPagination />}
    >
      <ListPageTitle title={tabTitle ?? pageTitle} />
      {searchable || actions ? <ListToolbar searchable={searchable} actions={actions} sx={{ p: 2 }} /> : null}
      {children}
    </List>
  );
}
