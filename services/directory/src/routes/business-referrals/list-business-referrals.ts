import { businessReferralPageSchema, directoryListQuery } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function listBusinessReferrals(app: App, ctx: DirectoryContext): void {
  app.get('/api/business-referrals', { config: { memberOnly: true }, schema: { querystring: directoryListQuery, response: { 200: businessReferralPageSchema } } }, async (req) =>
    ctx.referrals.mine(requireActor(req), req.query),
  );
}
