import { profileMapQuerySchema, profileMapResponseSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function getProfileMap(app: App, ctx: DirectoryContext): void {
  app.get('/api/profiles/map', { config: { memberOnly: true }, schema: { querystring: profileMapQuerySchema, response: { 200: profileMapResponseSchema } } }, (req) =>
    ctx.map.view(requireActor(req), req.query),
  );
}
