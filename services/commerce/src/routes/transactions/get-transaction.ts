import { transactionParamsSchema, transactionSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { CommerceContext } from '../../context.js';

/** `GET /api/transactions/{id}`: one transaction, for its buyer or seller (the payment-success page reads its outcome). */
export function getTransaction(app: App, ctx: CommerceContext): void {
  app.get('/api/transactions/:id', { config: { memberOnly: true }, schema: { params: transactionParamsSchema, response: { 200: transactionSchema } } }, async (req) =>
    ctx.transactions.get(requireActor(req), req.params.id),
  );
}
