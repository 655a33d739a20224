import { z } from 'zod';

/**
 * Building blocks every service's schemas share. Text Postgres cannot store (NUL, a lone
 * surrogate) is refused by the services before these run (docs/architecture.md, Service kit).
 */

/** http(s) URLs only: a `javascript:` link in a profile would run in other members' browsers. */
export const httpUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const url = new URL(s);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL');

/** A calendar date, `YYYY-MM-DD`, from the year 1 on (Postgres has no year 0). */
export const calendarDate = z.iso.date().refine((d) => !d.startsWith('0000'), 'must be a date from the year 0001 on');

/** Text that must not be blank after trimming; stored trimmed. */
export function nonBlank(max: number) {
  return z.string().max(max).trim().min(1, 'must not be blank');
}

/** Optional text, trimmed; empty, blank or absent is stored as none (null). */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
}
