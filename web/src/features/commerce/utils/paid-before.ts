import type { CreatePaymentIntentBody, Transaction } from '@freemarket/contracts';

/** How long after a payment the same one again is asked about first: Back after paying, the same link opened again that day. */
export const REPEAT_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Of the buyer's succeeded payments (newest first), the newest of `body`'s amount to its member, of
 * its kind and for nothing listed, made within REPEAT_WINDOW_MS of `now`; null when there is none.
 */
export function samePaymentMadeRecently(paid: readonly Transaction[], body: CreatePaymentIntentBody, now: number): Transaction | null {
  const type = body.type ?? 'purchase';
  return (
    paid.find(
      (t) =>
        t.sellerId === body.sellerId &&
        t.type === type &&
        t.itemId === null &&
        t.tutorialId === null &&
        Number(t.amount) === Number(body.amount) &&
        now - Date.parse(t.createdAt) < REPEAT_WINDOW_MS,
    ) ?? null
  );
}

/**
 * As the server judges it: a payment that went through and keeps what it bought (a partial refund
 * does). One FreeMarket refunds on its own (another buyer's payment came first, or the buyer paid
 * twice) bought nothing.
 */
export function ownsWhatItPaidFor(payment: Transaction): boolean {
  return (payment.status === 'succeeded' || payment.status === 'partially_refunded') && payment.refundReason === null;
}
