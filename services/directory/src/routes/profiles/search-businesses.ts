import { businessSearchPageSchema, businessSearchParamsSchema, businessSearchQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';
import { searchBusinesses as search } from '../../search/business-search.js';

export function searchBusinesses(app: App, ctx: DirectoryContext): void {
  app.get(
    '/api/profiles/search/:text',
    { config: { memberOnly: true }, schema: { params: businessSearchParamsSchema, querystring: businessSearchQuerySchema, response: { 200: businessSearchPageSchema } } },
    async (req) => search(ctx.runtime.db, requireActor(req), req.params.text, req.query),
  );
}
