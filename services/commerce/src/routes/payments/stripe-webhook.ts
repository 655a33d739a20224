import { webhookReceiptSchema } from '@freemarket/contracts';
import type { App } from '@freemarket/kit';
import type { CommerceContext } from '../../context.js';

/**
 * `POST /api/stripe/webhook`: the provider calls it, with no session; its signature over the raw
 * body is the only credential, so this route alone reads the body unparsed.
 */
export function stripeWebhook(app: App, ctx: CommerceContext): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scope.post('/api/stripe/webhook', { config: { memberOnly: false }, schema: { response: { 200: webhookReceiptSchema } } }, async (req, reply) => {
      const signature = req.headers['stripe-signature'];
      await ctx.payments.handleWebhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
      return reply.send({ received: true });
    });
  });
}
