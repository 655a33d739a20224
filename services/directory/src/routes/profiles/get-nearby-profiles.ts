import { profileLocationQuerySchema, profileSearchPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function getNearbyProfiles(app: App, ctx: DirectoryContext): void {
  app.get('/api/profiles/location', { config: { memberOnly: true }, schema: { querystring: profileLocationQuerySchema, response: { 200: profileSearchPageSchema } } }, (req) =>
    ctx.search.nearbyProfiles(requireActor(req), req.query),
  );
}
