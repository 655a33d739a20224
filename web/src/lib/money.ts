import { MONEY_MAX_AMOUNT, MONEY_PATTERN, PAYMENT_MAX_AMOUNT, PAYMENT_MIN_AMOUNT } from '@freemarket/contracts/constants';

/** What a money field says when its text is not an amount it takes; an amount too large says its field's maximum. */
export const MONEY_PROBLEMS = {
  comma: 'Leave out commas, and use a dot for cents: 1250.50',
  format: 'Enter an amount like 12.50',
  cents: 'Use at most two digits after the dot, like 12.50',
  negative: 'Must be zero or more',
  zero: 'Must be above zero',
} as const;

export type MoneyProblem = keyof typeof MONEY_PROBLEMS | 'tooLarge' | 'tooSmall';
export type MoneyReading = { amount: string } | { error: string; reason: MoneyProblem };

// A number as typed, its sign included, so '-5' is told it is below zero rather than not an amount.
const SIGNED_NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

function problem(reason: keyof typeof MONEY_PROBLEMS): MoneyReading {
  return { error: MONEY_PROBLEMS[reason], reason };
}

/**
 * A money field's text as the server takes it ('12.5' → '12.50', a leading '$' allowed), or what is
 * wrong with it. `max` is the field's own ceiling, at most what numeric(10,2) holds. A comma is
 * refused rather than read: '12,50' means 12.50 to some members and 1,250 to others, and guessing
 * wrong saves a hundred times the amount.
 */
export function readMoney(raw: string, max: number = MONEY_MAX_AMOUNT): MoneyReading {
  const text = raw.trim().replace(/^\$\s*/, '');
  if (text.includes(',')) return problem('comma');
  if (!SIGNED_NUMBER.test(text)) return problem('format');
  if (text.startsWith('-')) return problem('negative');
  const value = Number(text);
  const ceiling = Math.min(max, MONEY_MAX_AMOUNT);
  if (value > ceiling) return { error: `Must be at most ${formatMoney(ceiling)}`, reason: 'tooLarge' };
  if (/\.\d{3,}$/.test(text)) return problem('cents');
  if (!MONEY_PATTERN.test(text)) return problem('format');
  return { amount: value.toFixed(2) };
}

/** `readMoney` for an amount that must be above zero: a payment, an expense, a price. */
export function readPositiveMoney(raw: string, max: number = MONEY_MAX_AMOUNT): MoneyReading {
  const read = readMoney(raw, max);
  if ('error' in read) return read.reason === 'negative' ? problem('zero') : read;
  return Number(read.amount) > 0 ? read : problem('zero');
}

/** `readPositiveMoney` for what one card payment can be: PAYMENT_MIN_AMOUNT (Stripe's smallest charge) to PAYMENT_MAX_AMOUNT. */
export function readCardAmount(raw: string): MoneyReading {
  const read = readPositiveMoney(raw, PAYMENT_MAX_AMOUNT);
  if ('error' in read || Number(read.amount) >= Number(PAYMENT_MIN_AMOUNT)) return read;
  return { error: `Must be at least ${formatMoney(PAYMENT_MIN_AMOUNT)}, the smallest card payment`, reason: 'tooSmall' };
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
