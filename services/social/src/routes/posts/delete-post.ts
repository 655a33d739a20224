import { postParamsSchema } from '@freemarket/contracts';
import { type App, noContent, requireActor } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function deletePost(app: App, ctx: SocialContext): void {
  app.delete('/api/posts/:id', { config: { memberOnly: true }, schema: { params: postParamsSchema, response: noContent } }, async (req, reply) => {
    await ctx.posts.remove(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
