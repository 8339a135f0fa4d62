import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { ListBase, Loading, Offline, Title, useListContext, type ListBaseProps, type SortPayload } from 'react-admin';
import type { ReactNode } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../domain/paging';
import { ListPageTitle } from '../../layout/resourcePageTitles';
import { ListToolbar } from './ListToolbar';
import { LumioPagination } from './LumioPagination';

export interface LumioListProps extends Omit<
  ListBaseProps,
  'children' | 'render' | 'empty' | 'loading' | 'authLoading' | 'offline' | 'error' | 'emptyWhileLoading'
> {
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
const authLoading = <Loading />;

/**
 * A list page with the generic table behaviour of the spec: search box above the table, footer
 * with total and German paginator, page size 20, and the empty states inside the table (no
 * separate empty page, so that search and actions stay visible).
 *
 * Built on ra-core's ListBase rather than react-admin's <List>: <List>'s ListView names its
 * default actions (FilterButton, FilterForm, ExportButton, CreateButton) and empty page as
 * default prop values, so the bundler kept them, and react-hook-form with them, on every list
 * page although Lumio turns all of them off. The markup is ListView's (class names included).
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
    // offline={false}: the view below shows the offline notice inside the card, as <List> did.
    <ListBase {...props} perPage={perPage} sort={sort} authLoading={authLoading} offline={false}>
      <LumioListView pageTitle={pageTitle} tabTitle={tabTitle} searchable={searchable} actions={actions}>
        {children}
      </LumioListView>
    </ListBase>
  );
}

/** react-admin's ListView without its toolbar and empty page: title, card, footer. */
function LumioListView({
  children,
  actions,
  searchable,
  pageTitle,
  tabTitle,
}: Pick<LumioListProps, 'children' | 'actions' | 'searchable' | 'pageTitle' | 'tabTitle'>) {
  const { defaultTitle, isPaused, isPending, isPlaceholderData } = useListContext();
  // The list could not even load its first page (or the page asked for) because the browser is offline.
  const offline = isPaused && (isPending || isPlaceholderData);
  return (
    <Box className="list-page RaList-root" sx={{ display: 'flex' }}>
      <Title
        // An element, not a string: PageTitle would pass a string through translate (polyglot).
        title={pageTitle === undefined ? undefined : <>{pageTitle}</>}
        defaultTitle={defaultTitle}
        // false: the plain title, not react-admin's user-editable one (and its preferences editor).
        preferenceKey={false}
      />
      <Box
        className="RaList-main RaList-noActions"
        sx={{ flex: '1 1 auto', display: 'flex', flexDirection: 'column', mt: '1em' }}
      >
        <Card
          className="RaList-content"
          sx={{ position: 'relative', overflow: 'inherit', boxShadow: { xs: 'none', sm: undefined } }}
        >
          {offline ? (
            <Offline />
          ) : (
            <>
              <ListPageTitle title={tabTitle ?? pageTitle} />
              {searchable || actions ? <ListToolbar searchable={searchable} actions={actions} sx={{ p: 2 }} /> : null}
              {children}
            </>
          )}
        </Card>
        <LumioPagination />
      </Box>
    </Box>
  );
}
