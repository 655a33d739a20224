import { projectParamsSchema, projectSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

/** Join and leave (empty bodies); both answer the project card as the member now sees it. */
export function joinProject(app: App, ctx: SocialContext): void {
  const schema = { params: projectParamsSchema, response: { 200: projectSchema } };
  app.post('/api/projects/:id/join', { config: { memberOnly: true }, schema }, async (req) => ctx.projects.join(requireActor(req), req.params.id));
  app.post('/api/projects/:id/leave', { config: { memberOnly: true }, schema }, async (req) => ctx.projects.leave(requireActor(req), req.params.id));
}
