import { and, asc, desc, ilike, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_FILTER_LENGTH, MAX_PAGE_SIZE, type PagedResult } from '../../src/domain/paging';
import { hasControlCharacters, VALIDATION_TEXTS } from '../../src/domain/validation';
import type { DbOrTx } from '../db/client';

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
    // A search term is typed text like any field: a NUL could not even reach PostgreSQL's LIKE.
    filter: z
      .string()
      .trim()
      .max(MAX_FILTER_LENGTH)
      .refine((term) => !hasControlCharacters(term), VALIDATION_TEXTS.controlCharacters)
      .optional(),
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

/** The character a search-text column puts between the lower-cased columns it joins. */
export const SEARCH_SEPARATOR = '\u001f';

/**
 * A generated column holding the searched columns in lower case, joined by SEARCH_SEPARATOR, e.g.
 * `lower(name) || chr(31) || lower(code)`, with a trigram index. `columns` are the same columns
 * themselves, searched one by one when the term holds the separator.
 */
export interface SearchText {
  column: AnyColumn;
  columns: AnyColumn[];
}

/**
 * The rows where one of the searched columns contains `term`, ignoring case, as
 * `c1 ILIKE '%term%' OR c2 ILIKE …`. PostgreSQL's ILIKE lower-cases text and pattern and
 * compares them (UTF-8 databases), so a search-text column asks the same with one LIKE on
 * already lower-cased text. A match cannot straddle two columns, since the lower-cased term has no
 * separator; a term that has one is searched column by column.
 */
export function searchCondition(term: string, searchable: AnyColumn[] | SearchText): SQL | undefined {
  const pattern = likePattern(term);
  if (Array.isArray(searchable)) return or(...searchable.map((c) => ilike(c, pattern)));
  if (term.includes(SEARCH_SEPARATOR)) return or(...searchable.columns.map((c) => ilike(c, pattern)));
  return like(searchable.column, sql`lower(${pattern})`);
}

export interface ListPlan {
  where: SQL | undefined;
  orderBy: SQL[];
  /** The same order as columns and direction, for `pageOfMatches`, which sorts outside the table. */
  sort: { columns: AnyColumn[]; direction: 'asc' | 'desc' };
  limit: number;
  offset: number;
}

/**
 * Turns the validated paging query into where/order/limit/offset. `columns` maps the API's
 * field names to columns; `searchable` lists the columns the free-text filter looks at (or names
 * their search-text column, see `searchCondition`); `tieBreaker`
 * keeps the order stable across pages.
 */
export function planList(
  q: PagingInput,
  columns: Record<string, AnyColumn>,
  searchable: AnyColumn[] | SearchText,
  tieBreaker: AnyColumn,
  defaultOrder: string,
  scope?: SQL,
): ListPlan {
  const [field, direction] = (q.orderBy ?? defaultOrder).split(' ');
  const column = columns[field];
  const descending = direction === 'desc';
  const order = descending ? desc : asc;
  const search = q.filter ? searchCondition(q.filter, searchable) : undefined;
  return {
    where: and(scope, search),
    orderBy: [order(column), order(tieBreaker)],
    sort: { columns: [column, tieBreaker], direction: descending ? 'desc' : 'asc' },
    limit: q.pageSize,
    offset: q.pageIndex * q.pageSize,
  };
}

/**
 * The page of `plan` read the other way round: first every row matching `plan.where` (through
 * whatever index finds them, e.g. trigram indexes), then sorted and cut to the page. Same rows in
 * the same order as `select … where … order by … limit … offset …`. Without MATERIALIZED
 * (PostgreSQL ≥ 12) the planner inlines the CTE and may walk the sort column's btree instead,
 * filtering away thousands of rows when the matches cluster in sort order. Sorting all matches
 * costs time in proportion to their number, so use it only when the total is known to be small
 * (bench/README.md). Selected columns come from `table`; the sort columns must be among them.
 */
export async function pageOfMatches<S extends Record<string, PgColumn>>(
  db: DbOrTx,
  table: PgTable,
  selection: S,
  plan: ListPlan,
): Promise<{ [K in keyof S]: S[K]['_']['data'] }[]> {
  const matches = db.select(selection).from(table).where(plan.where);
  const direction = plan.sort.direction === 'desc' ? sql`desc` : sql`asc`;
  const orderBy = sql.join(
    plan.sort.columns.map((c) => sql`${sql.identifier(c.name)} ${direction}`),
    sql`, `,
  );
  const { rows } = await db.execute<Record<string, unknown>>(
    sql`with hits as materialized (${matches}) select * from hits order by ${orderBy} limit ${plan.limit} offset ${plan.offset}`,
  );
  // The CTE's columns carry the table's column names; map them back to the selection's keys.
  return rows.map(
    (row) =>
      Object.fromEntries(
        Object.entries(selection).map(([key, column]) => [
          key,
          row[column.name] === null ? null : column.mapFromDriverValue(row[column.name]),
        ]),
      ) as { [K in keyof S]: S[K]['_']['data'] },
  );
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
