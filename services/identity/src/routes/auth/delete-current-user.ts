import { deleteAccountSchema } from '@freemarket/contracts';
import { type App, AuthRequiredError, noContent, requireActor } from '@freemarket/kit';
import type { IdentityContext } from '../../context.js';

/**
 * `DELETE /api/auth/user`: the signed-in member deletes their own account, confirmed by typing
 * DELETE. The gateway ends their session once this answers 204.
 */
export function deleteCurrentUser(app: App, ctx: IdentityContext): void {
  app.delete(
    '/api/auth/user',
    { config: { memberOnly: true }, schema: { body: deleteAccountSchema, response: noContent } },
    async (req, reply) => {
      const actor = requireActor(req);
      if (!(await ctx.users.delete(actor))) throw new AuthRequiredError();
      return reply.code(204).send(null);
    },
  );
}
