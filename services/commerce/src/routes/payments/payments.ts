import { confirmDevPaymentBodySchema, createPaymentIntentBodySchema, paymentIntentSchema, paymentsConfigSchema, transactionSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { CommerceContext } from '../../context.js';

/** The checkout's calls: which provider takes cards, a payment intent, and the development provider's confirmation. */
export function payments(app: App, ctx: CommerceContext): void {
  app.get('/api/payments/config', { config: { memberOnly: true }, schema: { response: { 200: paymentsConfigSchema } } }, async () => ctx.payments.config());
  app.post('/api/create-payment-intent', { config: { memberOnly: true }, schema: { body: createPaymentIntentBodySchema, response: { 200: paymentIntentSchema } } }, async (req) =>
    ctx.payments.createIntent(requireActor(req), req.body),
  );
  app.post('/api/payments/dev/confirm', { config: { memberOnly: true }, schema: { body: confirmDevPaymentBodySchema, response: { 200: transactionSchema } } }, async (req) =>
    ctx.payments.confirmDevelopment(requireActor(req), req.body),
  );
}
