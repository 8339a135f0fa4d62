import { z } from 'zod';
import { EARLIEST_PORTAL_MONTH } from './dates';
import { STATEMENT_TEXTS } from './statements';
import { YEAR_MONTH_PATTERN } from './usage';

/*
 * The statement month as a zod schema (server paths, tests), apart from ./statements so that the
 * web app's statement screens read the month rule and the JSON's shape without loading zod.
 */

/**
 * The month of a path: well-formed and from 2000-01 on. The upper bound (the running month)
 * depends on the clock: the routes check it with statementMonthProblem (statement-access.ts).
 */
export const statementMonthSchema = z
  .string()
  .regex(YEAR_MONTH_PATTERN, STATEMENT_TEXTS.monthInvalid)
  .refine((value) => !YEAR_MONTH_PATTERN.test(value) || value >= EARLIEST_PORTAL_MONTH, STATEMENT_TEXTS.monthTooEarly);
