import { contactMessageBodySchema, contactMessageCreatedSchema } from '@freemarket/contracts';
import type { App } from '@freemarket/kit';
import type { IdentityContext } from '../../context.js';

/** Public: visitors write too. The gateway applies the Origin rule and a per-address budget of its own. */
export function sendContactMessage(app: App, ctx: IdentityContext): void {
  app.post(
    '/api/contact',
    {
      config: { memberOnly: false },
      schema: { body: contactMessageBodySchema, response: { 201: contactMessageCreatedSchema } },
    },
    async (req, reply) => {
      const created = await ctx.contact.send(req.actor, req.body);
      return reply.status(201).send(created);
    },
  );
}
