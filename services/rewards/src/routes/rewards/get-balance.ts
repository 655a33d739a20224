import { rewardBalanceSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { RewardsContext } from '../../context.js';

/** `GET /api/rewards/balance`: the signed-in member's points. */
export function getBalance(app: App, ctx: RewardsContext): void {
  app.get('/api/rewards/balance', { config: { memberOnly: true }, schema: { response: { 200: rewardBalanceSchema } } }, async (req) => {
    return ctx.rewards.balance(requireActor(req));
  });
}
