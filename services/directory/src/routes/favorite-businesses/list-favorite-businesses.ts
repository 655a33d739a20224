import { directoryListQuery, directoryUserIdParams, favoriteBusinessPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function listFavoriteBusinesses(app: App, ctx: DirectoryContext): void {
  app.get(
    '/api/favorite-businesses/:userId',
    { config: { memberOnly: true }, schema: { params: directoryUserIdParams, querystring: directoryListQuery, response: { 200: favoriteBusinessPageSchema } } },
    async (req) => ctx.favorites.forMember(requireActor(req), req.params.userId, req.query),
  );
}
