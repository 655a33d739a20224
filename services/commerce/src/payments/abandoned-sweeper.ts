import type { ServiceRuntime } from '@freemarket/kit';
import type { IntentCanceller } from './cancel-intents.js';
import type { PaymentRefunder } from './refund-payments.js';
import { claimToCancel } from './repository.js';

export interface AbandonedSweeperOptions {
  runtime: ServiceRuntime;
  canceller: IntentCanceller;
  refunder: PaymentRefunder;
  /** An open payment (pending, or declined with its form still open) with no news for this long is abandoned. */
  ttlMinutes: number;
  intervalMs: number;
  /** Payments claimed (and their Stripe calls made) per transaction. */
  batchSize?: number;
}

/**
 * Cancels card payments the buyer never completed, declined ones included (Stripe keeps their
 * form open for another card), and finishes the cancels that are due (payments replaced, or whose
 * item sold, that Stripe did not confirm canceled at once): at Stripe first, then here as `canceled`.
 * It also asks again for the refunds Stripe could not take at once (a second payment for an item sold).
 * Batches are claimed with FOR UPDATE SKIP LOCKED, so several commerce instances share the work
 * and no payment is canceled twice; a webhook for a claimed payment waits for the batch to commit.
 */
export class AbandonedPaymentSweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<{ canceled: number; refunded: number }> | undefined;
  private stopped = true;
  private readonly batchSize: number;

  constructor(private readonly options: AbandonedSweeperOptions) {
    this.batchSize = options.batchSize ?? 20;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  async destroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Sweeps until no batch makes progress; resolves with the payments canceled and the refunds the provider took. */
  async processAll(): Promise<{ canceled: number; refunded: number }> {
    let canceled = 0;
    for (;;) {
      const batch = await this.processBatch();
      canceled += batch.canceled;
      if (batch.claimed < this.batchSize || batch.handled === 0) break;
    }
    let refunded = 0;
    for (;;) {
      const batch = await this.options.refunder.finishDue({ limit: this.batchSize });
      refunded += batch.refunded;
      if (batch.claimed < this.batchSize || batch.refunded === 0) return { canceled, refunded };
    }
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.pass(), this.options.intervalMs);
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    if (this.stopped) return;
    this.running = this.processAll();
    try {
      const { canceled, refunded } = await this.running;
      if (canceled > 0) this.options.runtime.logger.info({ canceled }, 'abandoned card payments canceled');
      if (refunded > 0) this.options.runtime.logger.info({ refunded }, 'refunds of payments for items already sold asked of the payment provider again and taken');
    } catch (err) {
      this.options.runtime.logger.warn({ err }, 'abandoned payment sweep failed; will retry');
    } finally {
      this.running = undefined;
    }
    if (!this.stopped) this.schedule();
  }

  private async processBatch(): Promise<{ claimed: number; handled: number; canceled: number }> {
    const { runtime, ttlMinutes, canceller } = this.options;
    return runtime.transaction(async (tx) => {
      const rows = await claimToCancel(tx, ttlMinutes, this.batchSize);
      const answers = await canceller.endClaimed(tx, rows);
      const handled = answers.filter((a) => a !== 'unreachable').length;
      const canceled = answers.filter((a) => a === 'canceled').length;
      return { claimed: rows.length, handled, canceled };
    });
  }
}
