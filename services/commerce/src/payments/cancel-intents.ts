import type { Logger } from '@freemarket/kit';
import type { TransactionRow } from '../db/schema/index.js';
import type { CancelReason, PaymentProvider } from './provider.js';

/** What asking the provider to cancel a payment's intent came to. */
export type CancelAnswer = 'canceled' | 'too-late' | 'unreachable';

/**
 * The one way a payment's intent is canceled at the provider: by the abandoned-payment sweeper, by
 * a buyer starting again, and by a sale. Never throws: `too-late` means the provider has taken the
 * money (its webhook settles the payment), `unreachable` that it could not be asked.
 */
export class IntentCanceller {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly logger: Logger,
  ) {}

  async cancel(payment: Pick<TransactionRow, 'id' | 'stripePaymentIntentId'>, reason: CancelReason): Promise<CancelAnswer> {
    // No intent id: the provider never answered the create call, so there is nothing to cancel there.
    if (!payment.stripePaymentIntentId) return 'canceled';
    try {
      return await this.provider.cancelIntent(payment.stripePaymentIntentId, reason);
    } catch (err) {
      this.logger.warn({ err, transactionId: payment.id }, 'could not cancel a payment at the provider');
      return 'unreachable';
    }
  }

  /**
   * Cancels payments already marked canceled here, after that commit. One the provider has taken
   * meanwhile still succeeds through its webhook (Stripe is the truth); one it could not be asked
   * about is logged, as its buyer could still pay it.
   */
  async cancelAll(payments: readonly Pick<TransactionRow, 'id' | 'stripePaymentIntentId'>[], reason: CancelReason): Promise<void> {
    await Promise.all(payments.map((payment) => this.cancel(payment, reason)));
  }
}
