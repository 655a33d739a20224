import { z } from 'zod';
import { currentUserSchema, upsertUserSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { IdentityContext } from '../../context.js';
import { toCurrentUser } from '../../users/dto.js';

/** Called by the gateway at sign-in; the gateway never proxies /internal from outside. */
export function putUser(app: App, ctx: IdentityContext): void {
  app.put(
    '/internal/users/:id',
    {
      config: { memberOnly: true },
      schema: {
        params: z.object({ id: z.string().min(1).max(255) }),
        body: upsertUserSchema.omit({ id: true }),
        response: { 200: currentUserSchema },
      },
    },
    async (req) => {
      const actor = requireActor(req);
      const row = await ctx.users.upsert(actor, { id: req.params.id, ...req.body });
      return toCurrentUser(row);
    },
  );
}
