import { itemBodySchema, itemPageSchema, itemParamsSchema, itemSchema, listItemsQuerySchema, sellerItemsParamsSchema } from '@freemarket/contracts';
import { type App, noContent, requireActor } from '@freemarket/kit';
import type { CommerceContext } from '../../context.js';

/** A seller's items (the Shop tab), and the seller's own changes to them. */
export function itemsForSale(app: App, ctx: CommerceContext): void {
  app.get(
    '/api/items-for-sale/:userId',
    { config: { memberOnly: true }, schema: { params: sellerItemsParamsSchema, querystring: listItemsQuerySchema, response: { 200: itemPageSchema } } },
    async (req) => ctx.items.list(requireActor(req), req.params.userId, req.query),
  );
  app.post('/api/items-for-sale', { config: { memberOnly: true }, schema: { body: itemBodySchema, response: { 201: itemSchema } } }, async (req, reply) => {
    const item = await ctx.items.create(requireActor(req), req.body);
    return reply.status(201).send(item);
  });
  app.put(
    '/api/items-for-sale/:id',
    { config: { memberOnly: true }, schema: { params: itemParamsSchema, body: itemBodySchema, response: { 200: itemSchema } } },
    async (req) => ctx.items.update(requireActor(req), req.params.id, req.body),
  );
  app.delete('/api/items-for-sale/:id', { config: { memberOnly: true }, schema: { params: itemParamsSchema, response: noContent } }, async (req, reply) => {
    await ctx.items.remove(requireActor(req), req.params.id);
    return reply.status(204).send(null);
  });
}
