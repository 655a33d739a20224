import { connectionStatusParamsSchema, connectionStatusResponseSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getConnectionStatus(app: App, ctx: SocialContext): void {
  app.get(
    '/api/connections/status/:userId',
    { config: { memberOnly: true }, schema: { params: connectionStatusParamsSchema, response: { 200: connectionStatusResponseSchema } } },
    async (req) => ctx.connections.statusWith(requireActor(req), req.params.userId),
  );
}
