import { profileSearchPageSchema, profileSearchQuerySchema, type ProfileSearchPage } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** The page is JSON text Postgres wrote for this viewer, sent as it is (Fastify serialises no string; tests parse it with the schema). */
export function searchProfiles(app: App, ctx: DirectoryContext): void {
  app.get('/api/profiles/search', { config: { memberOnly: true }, schema: { querystring: profileSearchQuerySchema, response: { 200: profileSearchPageSchema } } }, async (req, reply) => {
    const page = await ctx.search.search(requireActor(req), req.query);
    return reply.type('application/json; charset=utf-8').send(page as unknown as ProfileSearchPage);
  });
}
