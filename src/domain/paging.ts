/** Paging contract shared by the API and the data provider (ARCHITECTURE.md, API conventions). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
/** Dropdown lists and "fetch all" loops use this page size (spec section 9). */
export const DROPDOWN_PAGE_SIZE = 100;
export const MAX_FILTER_LENGTH = 200;

export interface PagingQuery {
  pageIndex?: number;
  pageSize?: number;
  orderBy?: string;
  filter?: string;
}

export interface PagedResult<T> {
  pageIndex: number;
  pageSize: number;
  orderBy: string | null;
  filter: string | null;
  totalItemCount: number;
  items: T[];
}
