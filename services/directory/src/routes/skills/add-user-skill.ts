import { addUserSkillSchema, userSkillSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function addUserSkill(app: App, ctx: DirectoryContext): void {
  app.post('/api/user-skills', { config: { memberOnly: true }, schema: { body: addUserSkillSchema, response: { 201: userSkillSchema } } }, async (req, reply) =>
    reply.status(201).send(await ctx.skills.add(requireActor(req), req.body)),
  );
}
