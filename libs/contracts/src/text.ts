/** Invisible formatting characters (zero-width space and joiners, direction marks, the BOM). */
export const INVISIBLE = /\p{Cf}/gu;

/**
 * The form two texts are compared in for duplicates: compatibility-normalised (NFKC), invisible
 * formatting characters removed, runs of white space as one space, case folded. 'Bread', ' bread '
 * and 'Bre\u200Bad' are the same option, the same business. Zod-free, so the survey builder
 * refuses exactly the options the server would.
 */
export function comparable(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim().toLowerCase();
}
