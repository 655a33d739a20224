import { MONEY_PATTERN } from '@freemarket/contracts/constants';

/** What a money field says when its text is not an amount. */
export const MONEY_PROBLEMS = {
  comma: 'Use a dot for cents, like 12.50',
  format: 'Enter an amount like 12.50: digits, with at most two after the dot',
  zero: 'Enter an amount greater than zero, like 12.50',
} as const;

export type MoneyReading = { amount: string } | { error: string; reason: keyof typeof MONEY_PROBLEMS };

/**
 * A money field's text as the server takes it ('12.5' → '12.50', a leading '$' allowed), or why it
 * is not an amount. A comma is refused rather than read: '12,50' means 12.50 to some members and
 * 1,250 to others, and guessing wrong saves a hundred times the amount.
 */
export function readMoney(raw: string): MoneyReading {
  const text = raw.trim().replace(/^\$\s*/, '');
  if (text.includes(',')) return { error: MONEY_PROBLEMS.comma, reason: 'comma' };
  if (!MONEY_PATTERN.test(text)) return { error: MONEY_PROBLEMS.format, reason: 'format' };
  return { amount: Number(text).toFixed(2) };
}

/** `readMoney` for an amount that must be above zero: a payment, an expense, a price. */
export function readPositiveMoney(raw: string): MoneyReading {
  const read = readMoney(raw);
  if ('error' in read || Number(read.amount) > 0) return read;
  return { error: MONEY_PROBLEMS.zero, reason: 'zero' };
}

/** What to show under the field for `reading`, none when it is an amount. */
export function moneyProblem(reading: MoneyReading): string | undefined {
  return 'error' in reading ? reading.error : undefined;
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Money as members read it: '$18,500.00' (spec 02 §9: two decimals). */
export function formatMoney(amount: string | number): string {
  return DOLLARS.format(Number(amount));
}
