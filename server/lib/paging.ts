import { and, asc, desc, ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_FILTER_LENGTH, MAX_PAGE_SIZE, type PagedResult } from '../../src/domain/paging';

/**
 * One query schema per list: only the list's own sortable fields pass, so an unknown `orderBy`
 * is a 400 from validation and never reaches SQL.
 */
export function pagingQuerySchema<const F extends string>(sortable: readonly [F, ...F[]]) {
  const orderValues = sortable.flatMap((f) => [f, `${f} desc`, `${f} asc`]) as [string, ...string[]];
  return z.strictObject({
    pageIndex: z.coerce.number().int().min(0).max(1_000_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    orderBy: z.enum(orderValues).optional(),
    filter: z.string().trim().max(MAX_FILTER_LENGTH).optional(),
  });
}

export interface PagingInput {
  pageIndex: number;
  pageSize: number;
  orderBy?: string;
  filter?: string;
}

export function pagedResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    pageIndex: z.number(),
    pageSize: z.number(),
    orderBy: z.string().nullable(),
    filter: z.string().nullable(),
    totalItemCount: z.number(),
    items: z.array(item),
  });
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
}

/**
 * Turns the validated paging query into where/order/limit/offset. `columns` maps the API's
 * field names to columns; `searchable` lists the columns the free-text filter looks at; `tieBreaker`
 * keeps the order stable across pages.
 */
export function planList(
  q: PagingInput,
  columns: Record<string, AnyColumn>,
  searchable: AnyColumn[],
  tieBreaker: AnyColumn,
  defaultOrder: string,
  scope?: SQL,
): ListPlan {
  const [field, direction] = (q.orderBy ?? defaultOrder).split(' ');
  const column = columns[field];
  const order = direction === 'desc' ? desc : asc;
  const search = q.filter ? or(...searchable.map((c) => ilike(c, likePattern(q.filter!)))) : undefined;
  return {
    where: and(scope, search),
    orderBy: [order(column), order(tieBreaker)],
    limit: q.pageSize,
    offset: q.pageIndex * q.pageSize,
  };
}

export function pagedResult<T>(q: PagingInput, totalItemCount: number, items: T[]): PagedResult<T> {
  return {
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    orderBy: q.orderBy ?? null,
    filter: q.filter || null,
    totalItemCount,
    items,
  };
}
