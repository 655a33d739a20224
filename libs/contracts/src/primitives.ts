import { z } from 'zod';
import { INVISIBLE } from './text.js';

/**
 * Building blocks every service's schemas share. Text Postgres cannot store (NUL, a lone
 * surrogate) is refused by the services before these run (docs/architecture.md, Service kit).
 */

/**
 * http(s) URLs only: a `javascript:` link in a profile would run in other members' browsers. The
 * message is a sentence because the profile form shows it under the field as it stands.
 */
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
  }, 'Enter a web address starting with https://, like https://example.com');

/** A calendar date, `YYYY-MM-DD`, from the year 1 on (Postgres has no year 0). */
export const calendarDate = z.iso.date().refine((d) => !d.startsWith('0000'), 'must be a date from the year 0001 on');

export { comparable } from './text.js';

/** Text that must not be blank after trimming; stored trimmed, in NFC (one spelling of each accented letter). */
export function nonBlank(max: number) {
  return z
    .string()
    .max(max)
    .trim()
    .overwrite((s) => s.normalize('NFC'))
    .min(1, 'must not be blank');
}

/** A name: as `nonBlank`, without invisible formatting characters, which only ever hide a duplicate. */
export function nameText(max: number) {
  return z
    .string()
    .max(max)
    .overwrite((s) => s.replace(INVISIBLE, '').normalize('NFC'))
    .trim()
    .min(1, 'must not be blank');
}

/** Optional text as it arrives: trimmed and in NFC, or null, or absent. */
function optionalTextInput(max: number) {
  return z
    .string()
    .trim()
    .overwrite((s) => s.normalize('NFC'))
    .max(max)
    .nullish();
}

/** Optional text, trimmed and in NFC; empty, blank or absent is stored as none (null). */
export function optionalText(max: number) {
  return optionalTextInput(max).transform((v) => v || null);
}

/** `optionalText` in a change that names only some fields: absent keeps the stored text (undefined), null or blank clears it. */
export function clearableText(max: number) {
  return optionalTextInput(max).transform((v) => (v === undefined ? undefined : v || null));
}
