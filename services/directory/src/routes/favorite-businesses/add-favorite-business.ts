import { createFavoriteBusinessSchema, favoriteBusinessSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function addFavoriteBusiness(app: App, ctx: DirectoryContext): void {
  app.post('/api/favorite-businesses', { config: { memberOnly: true }, schema: { body: createFavoriteBusinessSchema, response: { 201: favoriteBusinessSchema } } }, async (req, reply) =>
    reply.status(201).send(await ctx.favorites.add(requireActor(req), req.body.businessUserId)),
  );
}
