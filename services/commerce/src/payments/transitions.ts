import type { TransactionStatus } from '@freemarket/contracts';

/** How far along a card payment is; a status only ever moves forward (a late event never undoes a later one). */
const PROGRESS: Readonly<Record<TransactionStatus, number>> = { recorded: -1, pending: 0, failed: 1, succeeded: 2, refunded: 3 };

/**
 * Whether a webhook may move a card payment from `current` to `next`. A failed attempt may still
 * succeed (the buyer tries another card); a refund is final, even one that arrives before the
 * success it undoes (Stripe does not promise order); nothing goes back.
 */
export function canMove(current: TransactionStatus, next: TransactionStatus): boolean {
  if (current === 'recorded') return false;
  return PROGRESS[next] > PROGRESS[current];
}

/** Dollars as the API carries them (`'12.50'`) to Stripe's cents. */
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}
