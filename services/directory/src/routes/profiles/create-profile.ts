import { profileInputSchema, profileSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function createProfile(app: App, ctx: DirectoryContext): void {
  app.post('/api/profiles', { config: { memberOnly: true }, schema: { body: profileInputSchema, response: { 201: profileSchema } } }, async (req, reply) =>
    reply.status(201).send(await ctx.profiles.create(requireActor(req), req.body)),
  );
}
