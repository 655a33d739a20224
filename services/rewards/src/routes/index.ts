import type { App } from '@freemarket/kit';
import type { RewardsContext } from '../context.js';
import { getBalance } from './rewards/get-balance.js';
import { listTransactions } from './rewards/list-transactions.js';

/** Every rewards endpoint, one file each. */
export function registerRoutes(app: App, ctx: RewardsContext): void {
  getBalance(app, ctx);
  listTransactions(app, ctx);
}
