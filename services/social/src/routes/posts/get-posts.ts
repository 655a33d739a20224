import { listPostsQuerySchema, postPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getPosts(app: App, ctx: SocialContext): void {
  app.get('/api/posts', { config: { memberOnly: true }, schema: { querystring: listPostsQuerySchema, response: { 200: postPageSchema } } }, async (req) =>
    ctx.posts.list(requireActor(req), req.query),
  );
}
