import { directoryUserIdParams, profileSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

/** Also what identity's `GET /api/auth/user` asks: 404 means the member has no profile yet. */
export function getProfileByUser(app: App, ctx: DirectoryContext): void {
  app.get('/api/profiles/user/:userId', { config: { memberOnly: true }, schema: { params: directoryUserIdParams, response: { 200: profileSchema } } }, async (req) =>
    ctx.profiles.getByUser(requireActor(req), req.params.userId),
  );
}
