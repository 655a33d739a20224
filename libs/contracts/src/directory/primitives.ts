import { z } from 'zod';

/**
 * Building blocks of the directory's request and response schemas. Query strings arrive as text:
 * numbers there must look like plain decimals (no '', '1e9' or '0x10', which `Number` accepts).
 */

/** A member id: the OIDC subject, as identity assigns it. */
export const memberId = z.string().min(1).max(255);

/** A decimal number written in a query string, range-checked after conversion. */
export function queryDecimal(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,12}(\.\d{1,12})?$/, 'must be a decimal number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));
}

/** A positive whole number written in a query string (page sizes). */
export function queryInt(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** `limit` with its documented default and maximum. */
export function limitQuery(defaultLimit: number, max: number) {
  return queryInt(1, max).default(defaultLimit);
}

/** An opaque cursor handed out as `nextCursor`. */
export const cursorQuery = z.string().min(1).max(4096);

/** A comma-separated list of enum values in a query string (`openTo=mentoring,volunteering`). */
export function queryEnumList<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .string()
    .max(1000)
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)).max(values.length));
}

/** `true` or `false` in a query string. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** A latitude or longitude sent as a number or a numeric string (spec: strings parsed to numbers). */
export function coordinateInput(limit: 90 | 180) {
  // One check after the type, not a union of checks: a refused value then has one reason, which the API and the form both show.
  return z
    .union([z.number(), z.string()], { error: 'must be a decimal number' })
    .transform((value, ctx) => {
      if (typeof value === 'number') return value;
      if (/^-?\d{1,3}(\.\d{1,15})?$/.test(value)) return Number(value);
      ctx.addIssue({ code: 'custom', message: 'must be a decimal number' });
      return z.NEVER;
    })
    .pipe(z.number().min(-limit, `must be between -${limit} and ${limit}`).max(limit, `must be between -${limit} and ${limit}`));
}

const moneyPattern = /^\d{1,8}(\.\d{1,2})?$/;

/** An amount of money, numeric(10,2): a number or a string with at most two decimals, travelling as a string. */
export const moneyInput = z
  .union([z.number().nonnegative().transform((n) => String(n)), z.string()])
  .refine((s) => moneyPattern.test(s), 'must be a non-negative amount with at most two decimals, below 100,000,000');

export { calendarDate, httpUrl, nameText, nonBlank } from '../primitives.js';
