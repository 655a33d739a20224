import type { ServiceRuntime } from '@freemarket/kit';
import type { TransactionRow } from '../db/schema/index.js';
import type { PaymentProvider, SignedDelivery } from './provider.js';
import { claimRefundsDue, setTransaction } from './repository.js';
import { toCents } from './transitions.js';

/**
 * The one way we give a payment's money back of our own accord (an item sold twice): asked of the
 * provider for rows marked due, right after the commit that marked them and by the sweeper until
 * the provider takes the request. The payment becomes `refunded` only when the provider's
 * `charge.refunded` arrives, through the webhook handler like any refund.
 */
export class PaymentRefunder {
  constructor(
    private readonly provider: PaymentProvider | null,
    private readonly runtime: ServiceRuntime,
    /** How long to wait before asking again for a refund the provider could not make. */
    private readonly retryMinutes: number,
    /** The webhook handler, for the development provider's refund events. */
    private readonly deliver: (delivery: SignedDelivery) => Promise<void>,
  ) {}

  /**
   * Asks for the refunds due among `ids` (every due one when `ids` is absent, up to `limit`);
   * answers how many rows it claimed and how many the provider took. Never throws: what fails
   * stays due for the sweeper.
   */
  async finishDue(options: { ids?: readonly string[]; limit?: number } = {}): Promise<{ claimed: number; refunded: number }> {
    if (!this.provider || options.ids?.length === 0) return { claimed: 0, refunded: 0 };
    const provider = this.provider;
    let claimed = 0;
    let refunded = 0;
    let deliveries: SignedDelivery[] = [];
    try {
      deliveries = await this.runtime.transaction(async (tx) => {
        const rows = await claimRefundsDue(tx, { ids: options.ids, limit: options.limit ?? options.ids?.length ?? 20 });
        claimed = rows.length;
        const events: SignedDelivery[] = [];
        for (const row of rows) {
          const answer = await this.ask(provider, row);
          if (!answer.taken) {
            await setTransaction(tx, row.id, { refundDueAt: new Date(Date.now() + this.retryMinutes * 60_000) });
            continue;
          }
          await setTransaction(tx, row.id, { refundDueAt: null });
          refunded += 1;
          if (answer.delivery) events.push(answer.delivery);
        }
        return events;
      });
    } catch (err) {
      this.runtime.logger.warn({ err, transactionIds: options.ids }, 'could not finish refunds; the sweeper will');
      return { claimed, refunded: 0 };
    }
    // After the commit, as Stripe's own event would come: its handler locks the rows just released.
    for (const delivery of deliveries) await this.deliver(delivery).catch((err: unknown) => this.runtime.logger.warn({ err }, 'a development refund event was not handled'));
    return { claimed, refunded };
  }

  /** Whether the provider took the refund, with the development provider's event for it. */
  private async ask(provider: PaymentProvider, row: TransactionRow): Promise<{ taken: true; delivery: SignedDelivery | null } | { taken: false }> {
    // A payment only succeeds through its intent's webhook, so a refund due always has one.
    if (!row.stripePaymentIntentId) return { taken: true, delivery: null };
    try {
      const delivery = await provider.refund({ intentId: row.stripePaymentIntentId, amountCents: toCents(row.amount), transactionId: row.id });
      return { taken: true, delivery };
    } catch (err) {
      this.runtime.logger.warn({ err, transactionId: row.id }, 'could not refund a payment at the provider; asking again later');
      return { taken: false };
    }
  }
}
