import { listRewardTransactionsQuerySchema, rewardTransactionPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { RewardsContext } from '../../context.js';

/** `GET /api/rewards/transactions`: the signed-in member's activity, newest first. */
export function listTransactions(app: App, ctx: RewardsContext): void {
  app.get(
    '/api/rewards/transactions',
    { config: { memberOnly: true }, schema: { querystring: listRewardTransactionsQuerySchema, response: { 200: rewardTransactionPageSchema } } },
    async (req) => {
      return ctx.rewards.transactions(requireActor(req), req.query);
    },
  );
}
