import { profileSearchPageSchema, profileSearchQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function searchProfiles(app: App, ctx: DirectoryContext): void {
  app.get('/api/profiles/search', { config: { memberOnly: true }, schema: { querystring: profileSearchQuerySchema, response: { 200: profileSearchPageSchema } } }, (req) =>
    ctx.search.search(requireActor(req), req.query),
  );
}
