import { currentUserSchema } from '@freemarket/contracts';
import { AuthRequiredError, IDENTITY_HEADER, requireActor, type App } from '@freemarket/kit';
import type { IdentityContext } from '../../context.js';
import { toCurrentUser } from '../../users/dto.js';

export function getCurrentUser(app: App, ctx: IdentityContext): void {
  app.get('/api/auth/user', { config: { memberOnly: true }, schema: { response: { 200: currentUserSchema } } }, async (req) => {
    const actor = requireActor(req);
    const row = await ctx.users.get(actor.userId);
    // Signed in at the gateway but unknown here: treat as signed out so the client signs in again.
    if (!row) throw new AuthRequiredError();
    const profile = await ctx.profiles.forUser(actor.userId, req.headers[IDENTITY_HEADER] as string);
    return toCurrentUser(row, profile);
  });
}
