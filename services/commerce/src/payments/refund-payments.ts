import type { ServiceRuntime } from '@freemarket/kit';
import type { TransactionRow } from '../db/schema/index.js';
import { PaymentRefusedError, type PaymentProvider, type SignedDelivery } from './provider.js';
import { claimRefundsDue, leaseRefunds, setTransaction } from './repository.js';
import { toCents } from './transitions.js';

/** How long a claimed refund is held before it falls due again: longer than the SDK's tries at one call. */
const REFUND_LEASE_MINUTES = 5;

/**
 * The one way we give a payment's money back of our own accord (a second payment for an item
 * already sold, or for a tutorial the buyer is enrolled in already): asked of the provider for rows marked due, right after the commit that marked
 * them and by the sweeper until the provider takes the request. Rows are claimed under a lease
 * and the provider is asked with no transaction open, so a slow provider holds no row lock. The
 * payment becomes `refunded` only when the provider's `charge.refunded` arrives, through the
 * webhook handler like any refund.
 */
export class PaymentRefunder {
  constructor(
    private readonly provider: PaymentProvider | null,
    private readonly runtime: ServiceRuntime,
    /** The webhook handler, for the development provider's refund events. */
    private readonly deliver: (delivery: SignedDelivery) => Promise<void>,
  ) {}

  /**
   * Asks for the refunds due among `ids` (any due ones when `ids` is absent, up to `limit`);
   * answers how many rows it claimed and how many the provider took. Never throws: what fails
   * falls due again when its lease ends.
   */
  async finishDue(options: { ids?: readonly string[]; limit?: number } = {}): Promise<{ claimed: number; refunded: number }> {
    const provider = this.provider;
    if (!provider || options.ids?.length === 0) return { claimed: 0, refunded: 0 };
    let rows: TransactionRow[];
    try {
      rows = await this.runtime.transaction(async (tx) => {
        const due = await claimRefundsDue(tx, { ids: options.ids, limit: options.limit ?? options.ids?.length ?? 20 });
        await leaseRefunds(
          tx,
          due.map((r) => r.id),
          REFUND_LEASE_MINUTES,
        );
        return due;
      });
    } catch (err) {
      this.runtime.logger.warn({ err, transactionIds: options.ids }, 'could not claim refunds; the sweeper will');
      return { claimed: 0, refunded: 0 };
    }
    const taken = await Promise.all(rows.map((row) => this.refund(provider, row)));
    return { claimed: rows.length, refunded: taken.filter(Boolean).length };
  }

  /** Asks for one refund; true when the provider took it (and its development event was handled). */
  private async refund(provider: PaymentProvider, row: TransactionRow): Promise<boolean> {
    try {
      // A payment only succeeds through its intent's webhook, so a refund due always has one.
      if (row.stripePaymentIntentId) {
        const delivery = await provider.refund({ intentId: row.stripePaymentIntentId, amountCents: toCents(row.amount), transactionId: row.id, reason: row.refundReason });
        if (delivery) await this.deliver(delivery);
      }
    } catch (err) {
      if (err instanceof PaymentRefusedError) {
        // Stripe will not refund it (a disputed charge, say): asking again cannot help; someone must look at it.
        this.runtime.logger.error({ err, transactionId: row.id }, 'the payment provider refuses to refund a payment we must give back: settle it by hand');
        await setTransaction(this.runtime.db, row.id, { refundDueAt: null }).catch(() => undefined);
      } else {
        this.runtime.logger.warn({ err, transactionId: row.id }, 'could not refund a payment at the provider; asking again later');
      }
      return false;
    }
    // Cleared only now: a crash before this leaves it due, and asking again finds it refunded already.
    await setTransaction(this.runtime.db, row.id, { refundDueAt: null }).catch((err: unknown) => this.runtime.logger.warn({ err, transactionId: row.id }, 'a refund was made but could not be marked done; it is asked again later'));
    return true;
  }
}
