import { recordManualTransactionSchema, transactionSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { CommerceContext } from '../../context.js';

/** `POST /api/transactions/manual`: the signed-in member logs a payment made outside FreeMarket. */
export function recordManualTransaction(app: App, ctx: CommerceContext): void {
  app.post(
    '/api/transactions/manual',
    { config: { memberOnly: true }, schema: { body: recordManualTransactionSchema, response: { 201: transactionSchema } } },
    async (req, reply) => {
      const transaction = await ctx.transactions.recordManual(requireActor(req), req.body);
      return reply.status(201).send(transaction);
    },
  );
}
