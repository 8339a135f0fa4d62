import type { FilterPayload, PaginationPayload, SortPayload } from 'ra-core';
import { DEFAULT_PAGE_SIZE } from '../domain/paging';

/** The react-admin filter key holding the free-text search (react-admin's own convention). */
export const SEARCH_FILTER_KEY = 'q';

export interface ListQueryInput {
  pagination?: PaginationPayload;
  sort?: SortPayload;
  filter?: FilterPayload;
  /** Filter keys already used as path parameters; they are not repeated in the query. */
  consumedKeys?: readonly string[];
}

/**
 * react-admin's sort → the API's orderBy ("name" or "name desc"). react-admin sorts by `id`
 * whenever a list names no sort of its own; the API never sorts by the opaque id (and refuses
 * unknown orderBy fields), so that default means "the server's order".
 */
export function toOrderBy(sort: SortPayload | undefined): string | undefined {
  if (!sort?.field || sort.field === 'id') return undefined;
  return sort.order === 'DESC' ? `${sort.field} desc` : sort.field;
}

/**
 * react-admin's list parameters → the spec's paging query: pageIndex = page − 1 (omitted when 0),
 * pageSize, orderBy, filter = the search text; other filter values (e.g. toApprove) are passed
 * under their own names. Only truthy values are sent.
 */
export function toListQuery({ pagination, sort, filter = {}, consumedKeys = [] }: ListQueryInput): URLSearchParams {
  const query = new URLSearchParams();
  const page = pagination?.page ?? 1;
  const pageIndex = page - 1;
  const pageSize = pagination?.perPage ?? DEFAULT_PAGE_SIZE;
  const entries: Array<[string, unknown]> = [
    ['pageIndex', pageIndex],
    ['pageSize', pageSize],
    ['orderBy', toOrderBy(sort)],
    ['filter', typeof filter[SEARCH_FILTER_KEY] === 'string' ? filter[SEARCH_FILTER_KEY].trim() : undefined],
  ];
  for (const [key, value] of Object.entries(filter)) {
    if (key !== SEARCH_FILTER_KEY && !consumedKeys.includes(key)) entries.push([key, value]);
  }
  for (const [key, value] of entries) {
    if (value) query.set(key, String(value));
  }
  return query;
}
