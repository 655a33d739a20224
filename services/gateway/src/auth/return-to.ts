import { z } from 'zod';

/** Longer than any address of the web client's, short enough to keep in a sign-in attempt. */
const RETURN_TO_MAX = 2000;

/**
 * Where sign-in returns the member: a page of this site, given as its path (the screen that asked
 * them to log in). Anything that would leave the site (`//host`, `/\host`, a full URL) is refused,
 * so the login address cannot be used to send someone elsewhere.
 */
export const returnToSchema = z
  .string()
  .max(RETURN_TO_MAX)
  .refine(isSitePath, { message: 'must be a path on this site, like /messages' });

function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('/api/')) return false;
  // Browsers drop tabs and newlines inside URLs, so '/\t/host' would become '//host'.
  if (/\p{Cc}/u.test(value)) return false;
  const base = new URL('http://site.invalid');
  return new URL(value, base).origin === base.origin;
}
