import type { ServiceRuntime } from '@freemarket/kit';
import type { CommerceConfig } from './config.js';
import { ExpenseService } from './expenses/service.js';
import { ItemService } from './items/service.js';
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
}

/** Builds the services of one commerce instance on its runtime. */
export function createContext(runtime: ServiceRuntime, config: CommerceConfig): CommerceContext {
  const transactions = new TransactionService(runtime);
  return {
    runtime,
    config,
    transactions,
    items: new ItemService(runtime),
    payments: new PaymentService(runtime, paymentProviderFor(config.payments), transactions),
    expenses: new ExpenseService(runtime),
  };
}
