import type Stripe from 'stripe';
import type { TransactionStatus } from '@freemarket/contracts';

/** What a provider event says about one of our payments, or null for events we do not act on. */
export function outcomeOf(event: Stripe.Event): { paymentIntentId: string; status: TransactionStatus } | null {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return { paymentIntentId: event.data.object.id, status: 'succeeded' };
    case 'payment_intent.payment_failed':
      return { paymentIntentId: event.data.object.id, status: 'failed' };
    case 'charge.refunded': {
      // Stripe sends this for partial refunds too; only a charge refunded in full refunds the payment.
      if (!event.data.object.refunded) return null;
      const intent = event.data.object.payment_intent;
      const id = typeof intent === 'string' ? intent : intent?.id;
      return id ? { paymentIntentId: id, status: 'refunded' } : null;
    }
    default:
      return null;
  }
}
