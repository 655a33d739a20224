import { createPostBodySchema, postSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function postPost(app: App, ctx: SocialContext): void {
  app.post('/api/posts', { config: { memberOnly: true }, schema: { body: createPostBodySchema, response: { 201: postSchema } } }, async (req, reply) => {
    const post = await ctx.posts.create(requireActor(req), req.body);
    return reply.status(201).send(post);
  });
}
