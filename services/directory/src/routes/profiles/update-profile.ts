import { directoryIdParams, profileInputSchema, profileSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function updateProfile(app: App, ctx: DirectoryContext): void {
  app.put('/api/profiles/:id', { config: { memberOnly: true }, schema: { params: directoryIdParams, body: profileInputSchema, response: { 200: profileSchema } } }, async (req) =>
    ctx.profiles.update(requireActor(req), req.params.id, req.body),
  );
}
