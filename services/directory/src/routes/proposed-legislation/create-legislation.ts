import { legislationInputSchema, legislationSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function createLegislation(app: App, ctx: DirectoryContext): void {
  app.post('/api/proposed-legislation', { config: { memberOnly: true }, schema: { body: legislationInputSchema, response: { 201: legislationSchema } } }, async (req, reply) =>
    reply.status(201).send(await ctx.legislation.create(requireActor(req), req.body)),
  );
}
