import type Stripe from 'stripe';

/** What a provider event says about one of our payments, or null for events we do not act on. */
export type PaymentOutcome =
  | { kind: 'settled'; paymentIntentId: string; status: 'succeeded' | 'failed' | 'canceled' }
  /** `refundedCents`: the charge's total refunded so far, partial refunds included. */
  | { kind: 'refunded'; paymentIntentId: string; refundedCents: number }
  /** A refund Stripe had taken but could not return to the card; the money is back in our balance. */
  | { kind: 'refund_failed'; paymentIntentId: string; refundId: string; amountCents: number; failureReason: string | null };

export function outcomeOf(event: Stripe.Event): PaymentOutcome | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { kind: 'settled', paymentIntentId: event.data.object.id, status: 'succeeded' };
    case 'payment_intent.payment_failed':
      return { kind: 'settled', paymentIntentId: event.data.object.id, status: 'failed' };
    case 'payment_intent.canceled':
      return { kind: 'settled', paymentIntentId: event.data.object.id, status: 'canceled' };
    case 'charge.refunded': {
      // Sent for every refund, partial or full, with the charge's running total.
      const charge = event.data.object;
      const intent = charge.payment_intent;
      const id = typeof intent === 'string' ? intent : intent?.id;
      if (!id) return null;
      // A charge refunded in full gives back all of our payment, whatever its figures say.
      const refundedCents = charge.refunded ? Number.MAX_SAFE_INTEGER : (charge.amount_refunded ?? 0);
      return { kind: 'refunded', paymentIntentId: id, refundedCents };
    }
    case 'refund.failed': {
      const refund = event.data.object;
      const intent = refund.payment_intent;
      const id = typeof intent === 'string' ? intent : intent?.id;
      if (!id) return null;
      return { kind: 'refund_failed', paymentIntentId: id, refundId: refund.id, amountCents: refund.amount, failureReason: refund.failure_reason ?? null };
    }
    default:
      return null;
  }
}
