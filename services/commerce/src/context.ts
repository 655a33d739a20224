import type { ServiceRuntime } from '@freemarket/kit';
import type { CommerceConfig } from './config.js';
import { ExpenseService } from './expenses/service.js';
import { ItemService } from './items/service.js';
import { AbandonedPaymentSweeper } from './payments/abandoned-sweeper.js';
import { IntentCanceller } from './payments/cancel-intents.js';
import { PaymentRefunder } from './payments/refund-payments.js';
import { PaymentService } from './payments/service.js';
import { paymentProviderFor } from './payments/provider.js';
import { TransactionService } from './transactions/service.js';

/** What the commerce routes share. */
export interface CommerceContext {
  runtime: ServiceRuntime;
  config: CommerceConfig;
  transactions: TransactionService;
  items: ItemService;
  payments: PaymentService;
  expenses: ExpenseService;
  /** Ends payments at the provider, then here. */
  canceller: IntentCanceller;
  /** Gives back the money of payments we must not keep. */
  refunder: PaymentRefunder;
  /** Null without a payment provider: nothing can be pending then. */
  abandonedPayments: AbandonedPaymentSweeper | null;
}

/** Builds the services of one commerce instance on its runtime. */
export function createContext(runtime: ServiceRuntime, config: CommerceConfig): CommerceContext {
  const transactions = new TransactionService(runtime);
  const provider = paymentProviderFor(config.payments);
  const { ttlMinutes, sweepIntervalSeconds } = config.pendingPayments;
  const canceller = new IntentCanceller(provider, runtime, ttlMinutes);
  // The development provider's refund events go to the webhook handler, as Stripe's would.
  const refunder: PaymentRefunder = new PaymentRefunder(provider, runtime, (delivery): Promise<void> => payments.handleWebhook(delivery.rawBody, delivery.signature));
  const payments: PaymentService = new PaymentService(runtime, provider, canceller, refunder, transactions, ttlMinutes);
  const abandonedPayments = provider && new AbandonedPaymentSweeper({ runtime, canceller, refunder, ttlMinutes, intervalMs: sweepIntervalSeconds * 1000 });
  if (abandonedPayments) {
    // Sweeps run while the app serves: from ready until close, which shutdown reaches first.
    runtime.app.addHook('onReady', async () => abandonedPayments.start());
    runtime.app.addHook('onClose', () => abandonedPayments.destroy());
  }
  return {
    runtime,
    config,
    transactions,
    items: new ItemService(runtime, canceller),
    payments,
    expenses: new ExpenseService(runtime),
    canceller,
    refunder,
    abandonedPayments,
  };
}
