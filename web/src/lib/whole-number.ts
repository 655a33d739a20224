/** What a whole-number field says when its text is not a whole number. */
export const WHOLE_NUMBER_PROBLEM = 'Enter a whole number, like 12 or 1,000';

// Plain digits, or digits grouped in threes by commas ('1,000', '12,500,000').
const WHOLE_NUMBER = /^(\d+|\d{1,3}(,\d{3})+)$/;

export type WholeNumberReading = { value: number } | { error: string };

/**
 * A whole-number field's text as a number ('1000' and '1,000' → 1000), or why it is not one. Any
 * other comma is refused rather than read: '1,5' means one and a half to some members, and the
 * browser's number field read it as 15. An empty field is the caller's to decide (none, or 0).
 */
export function readWholeNumber(raw: string): WholeNumberReading {
  const text = raw.trim();
  if (!WHOLE_NUMBER.test(text)) return { error: WHOLE_NUMBER_PROBLEM };
  return { value: Number(text.replaceAll(',', '')) };
}
