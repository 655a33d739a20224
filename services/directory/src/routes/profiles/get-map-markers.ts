import { profileMapQuerySchema, profileMapResponseSchema, type ProfileMapResponse } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/**
 * The answer is the markers' JSON texts from Postgres joined in the schema's shape, sent as a
 * stream of pieces with its length (Fastify sends a stream as is, without the schema's serializer;
 * tests parse it with the schema).
 */
export function getMapMarkers(app: App, ctx: DirectoryContext): void {
  app.get('/api/profiles/map', { config: { memberOnly: true }, schema: { querystring: profileMapQuerySchema, response: { 200: profileMapResponseSchema } } }, async (req, reply) => {
    const answer = await ctx.search.markers(requireActor(req), req.query);
    return reply.type('application/json; charset=utf-8').header('content-length', answer.bytes).send(answer.body as unknown as ProfileMapResponse);
  });
}
