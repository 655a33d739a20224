import type { ServiceRuntime } from '@freemarket/kit';
import type { Tx } from '@freemarket/db';
import type { TransactionRow } from '../db/schema/index.js';
import type { CancelReason, PaymentProvider } from './provider.js';
import { claimDue, setTransaction } from './repository.js';

/** What asking the provider to cancel a payment's intent came to. */
export type CancelAnswer = 'canceled' | 'too-late' | 'unreachable';

/**
 * The one way a payment is canceled: at the provider first, then here, on rows the caller has
 * locked. Used by the sweeper (abandoned payments, and cancels that are due), and right after a
 * commit that made cancels due (a buyer starting again, a sale, the seller's changes).
 * `too-late` means the provider has taken the money or is taking it (its webhook settles the
 * payment), `unreachable` that it could not be asked.
 */
export class IntentCanceller {
  constructor(
    private readonly provider: PaymentProvider | null,
    private readonly runtime: ServiceRuntime,
    /** How long to wait before asking again about an intent the provider is taking. */
    private readonly retryMinutes: number,
  ) {}

  async cancel(payment: Pick<TransactionRow, 'id' | 'stripePaymentIntentId'>, reason: CancelReason): Promise<CancelAnswer> {
    // No intent id: its client secret never left us (storeIntent keeps none for an ended payment), so nobody can pay it.
    // No provider: nothing can settle a payment.
    if (!payment.stripePaymentIntentId || !this.provider) return 'canceled';
    try {
      return await this.provider.cancelIntent(payment.stripePaymentIntentId, reason);
    } catch (err) {
      this.runtime.logger.warn({ err, transactionId: payment.id }, 'could not cancel a payment at the provider');
      return 'unreachable';
    }
  }

  /**
   * Cancels locked payments at the provider, then marks those it canceled `canceled`. One it is
   * taking is asked about again after `retryMinutes` (or, open, after a full age); one it could
   * not be asked about stays as it is for the next sweep.
   */
  async endClaimed(tx: Tx, rows: readonly TransactionRow[]): Promise<CancelAnswer[]> {
    // A payment being ended carries why; an open one the sweeper claims is one nobody paid in time.
    const answers = await Promise.all(rows.map((row) => this.cancel(row, row.cancelReason ?? 'abandoned')));
    for (const [idx, answer] of answers.entries()) {
      const row = rows[idx]!;
      if (answer === 'canceled') await setTransaction(tx, row.id, { status: 'canceled', cancelDueAt: null, cancelReason: null });
      else if (answer === 'too-late') await setTransaction(tx, row.id, row.cancelDueAt ? { cancelDueAt: new Date(Date.now() + this.retryMinutes * 60_000) } : {});
    }
    return answers;
  }

  /**
   * Right after a commit that made cancels due: does them now, and answers for those it claimed
   * (one another caller holds is left to it). What the provider does not answer, or what fails
   * here, stays due for the sweeper, so this never throws.
   */
  async finishDue(ids: readonly string[]): Promise<CancelAnswer[]> {
    if (ids.length === 0) return [];
    try {
      return await this.runtime.transaction(async (tx) => this.endClaimed(tx, await claimDue(tx, ids)));
    } catch (err) {
      this.runtime.logger.warn({ err, transactionIds: ids }, 'could not finish cancels; the sweeper will');
      return ids.map(() => 'unreachable');
    }
  }
}
