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
  private running: Promise<number> | undefined;
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

  /** Sweeps until no batch makes progress; resolves with the number of payments canceled. */
  async processAll(): Promise<number> {
    let total = 0;
    for (;;) {
      const { claimed, handled, canceled } = await this.processBatch();
      total += canceled;
      if (claimed < this.batchSize || handled === 0) break;
    }
    for (;;) {
      const { claimed, refunded } = await this.options.refunder.finishDue({ limit: this.batchSize });
      if (claimed < this.batchSize || refunded === 0) return total;
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
      const canceled = await this.running;
      if (canceled > 0) this.options.runtime.logger.info({ canceled }, 'abandoned card payments canceled');
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
