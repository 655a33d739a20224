import { directoryListQuery, directoryUserIdParams, legislationPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function listLegislation(app: App, ctx: DirectoryContext): void {
  app.get(
    '/api/proposed-legislation/:userId',
    { config: { memberOnly: true }, schema: { params: directoryUserIdParams, querystring: directoryListQuery, response: { 200: legislationPageSchema } } },
    async (req) => ctx.legislation.forMember(requireActor(req), req.params.userId, req.query),
  );
}
