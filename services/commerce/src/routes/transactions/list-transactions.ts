import { listTransactionsQuerySchema, transactionPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { CommerceContext } from '../../context.js';

/** `GET /api/transactions`: the signed-in member's own transactions, as buyer or seller. */
export function listTransactions(app: App, ctx: CommerceContext): void {
  app.get('/api/transactions', { config: { memberOnly: true }, schema: { querystring: listTransactionsQuerySchema, response: { 200: transactionPageSchema } } }, async (req) => {
    return ctx.transactions.list(requireActor(req), req.query);
  });
}
