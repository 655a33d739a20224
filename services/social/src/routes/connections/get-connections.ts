import { connectionPageSchema, listConnectionsQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getConnections(app: App, ctx: SocialContext): void {
  app.get('/api/connections', { config: { memberOnly: true }, schema: { querystring: listConnectionsQuerySchema, response: { 200: connectionPageSchema } } }, async (req) =>
    ctx.connections.list(requireActor(req), req.query),
  );
}
