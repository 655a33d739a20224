import type { TransactionStatus } from '@freemarket/contracts';

/**
 * How far along a card payment is; a status only ever moves forward (a late event never undoes a
 * later one). Stripe is the truth: a payment we canceled as abandoned that Stripe still reports
 * succeeded moves on to succeeded.
 */
const PROGRESS: Readonly<Record<TransactionStatus, number>> = {
  recorded: -1,
  pending: 0,
  failed: 1,
  canceled: 2,
  succeeded: 3,
  partially_refunded: 4,
  refunded: 5,
};

/**
 * Whether a webhook may move a card payment from `current` to `next`. A failed attempt may still
 * succeed (the buyer tries another card) and so may a canceled one (the cancel raced a confirm);
 * a refund is final, even one that arrives before the success it undoes (Stripe does not promise
 * order); a partial refund may grow; nothing goes back.
 */
export function canMove(current: TransactionStatus, next: TransactionStatus): boolean {
  if (current === 'recorded') return false;
  if (current === 'partially_refunded' && next === 'partially_refunded') return true;
  return PROGRESS[next] > PROGRESS[current];
}

/** Whether the payment went through at the provider: succeeded, refunded since or not. */
export function wentThrough(status: TransactionStatus): boolean {
  return PROGRESS[status] >= PROGRESS.succeeded;
}

/**
 * Whether the buyer can still pay a card payment: pending, or declined with its intent still open
 * at the provider (Stripe keeps the form open for another card), and not being ended. The same
 * rule as `openPayment` in repository.ts.
 */
export function isOpen(payment: { status: TransactionStatus; stripePaymentIntentId: string | null; cancelDueAt: Date | null }): boolean {
  if (payment.cancelDueAt !== null) return false;
  return payment.status === 'pending' || (payment.status === 'failed' && payment.stripePaymentIntentId !== null);
}

/**
 * What Stripe's success does to a payment: `settle` moves it to succeeded; `announce` keeps its
 * status, for a partial refund that arrived before the success (Stripe does not promise order),
 * which still must sell the item and announce the success; null when it changes nothing.
 */
export function successOutcome(payment: { status: TransactionStatus; succeededAt: Date | null }): 'settle' | 'announce' | null {
  if (canMove(payment.status, 'succeeded')) return 'settle';
  if (payment.status === 'partially_refunded' && payment.succeededAt === null) return 'announce';
  return null;
}

/** Dollars as the API carries them (`'12.50'`) to Stripe's cents. */
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Stripe's cents back to dollars as the API carries them (`1250` → `'12.50'`). */
export function fromCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * What a refund reported by Stripe (the charge's total refunded so far) does to a payment: the
 * new total and status, or null when it adds nothing (a repeat, or an older event than one seen).
 */
export function refundOutcome(payment: { amount: string; amountRefunded: string; status: TransactionStatus }, refundedCents: number): { amountRefunded: string; status: 'partially_refunded' | 'refunded' } | null {
  const total = Math.min(refundedCents, toCents(payment.amount));
  if (total <= toCents(payment.amountRefunded)) return null;
  const status = total === toCents(payment.amount) ? 'refunded' : 'partially_refunded';
  return canMove(payment.status, status) ? { amountRefunded: fromCents(total), status } : null;
}
