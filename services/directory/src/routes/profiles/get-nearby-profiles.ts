import { profileLocationQuerySchema, profileSearchPageSchema, type ProfileSearchPage } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** The page is JSON text Postgres wrote for this viewer, sent as it is (as `GET /api/profiles/search`). */
export function getNearbyProfiles(app: App, ctx: DirectoryContext): void {
  app.get('/api/profiles/location', { config: { memberOnly: true }, schema: { querystring: profileLocationQuerySchema, response: { 200: profileSearchPageSchema } } }, async (req, reply) => {
    const page = await ctx.search.nearbyProfiles(requireActor(req), req.query);
    return reply.type('application/json; charset=utf-8').send(page as unknown as ProfileSearchPage);
  });
}
