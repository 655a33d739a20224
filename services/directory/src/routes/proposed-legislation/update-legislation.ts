import { directoryIdParams, legislationInputSchema, legislationSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function updateLegislation(app: App, ctx: DirectoryContext): void {
  app.put(
    '/api/proposed-legislation/:id',
    { config: { memberOnly: true }, schema: { params: directoryIdParams, body: legislationInputSchema, response: { 200: legislationSchema } } },
    async (req) => ctx.legislation.update(requireActor(req), req.params.id, req.body),
  );
}
