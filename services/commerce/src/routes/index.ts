import type { App } from '@freemarket/kit';
import type { CommerceContext } from '../context.js';
import { expensesRoutes } from './expenses/expenses.js';
import { itemsForSale } from './items/items-for-sale.js';
import { payments } from './payments/payments.js';
import { stripeWebhook } from './payments/stripe-webhook.js';
import { getTransaction } from './transactions/get-transaction.js';
import { listTransactions } from './transactions/list-transactions.js';
import { recordManualTransaction } from './transactions/record-manual-transaction.js';

/** Every commerce endpoint, one file each. */
export function registerRoutes(app: App, ctx: CommerceContext): void {
  recordManualTransaction(app, ctx);
  listTransactions(app, ctx);
  itemsForSale(app, ctx);
  getTransaction(app, ctx);
  payments(app, ctx);
  stripeWebhook(app, ctx);
  expensesRoutes(app, ctx);
}
