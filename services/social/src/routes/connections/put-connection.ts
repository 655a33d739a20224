import { answerConnectionBodySchema, connectionParamsSchema, connectionSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function putConnection(app: App, ctx: SocialContext): void {
  app.put(
    '/api/connections/:id',
    { config: { memberOnly: true }, schema: { params: connectionParamsSchema, body: answerConnectionBodySchema, response: { 200: connectionSchema } } },
    async (req) => ctx.connections.answer(requireActor(req), req.params.id, req.body),
  );
}
