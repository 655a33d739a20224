import { businessReferralSchema, createBusinessReferralSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function createBusinessReferral(app: App, ctx: DirectoryContext): void {
  app.post('/api/business-referrals', { config: { memberOnly: true }, schema: { body: createBusinessReferralSchema, response: { 201: businessReferralSchema } } }, async (req, reply) =>
    reply.status(201).send(await ctx.referrals.create(requireActor(req), req.body)),
  );
}
