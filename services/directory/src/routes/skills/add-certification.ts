import { addCertificationSchema, certificationSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { DirectoryContext } from '../../context.js';

export function addCertification(app: App, ctx: DirectoryContext): void {
  app.post('/api/certifications', { config: { memberOnly: true }, schema: { body: addCertificationSchema, response: { 201: certificationSchema } } }, async (req, reply) =>
    reply.status(201).send(await ctx.certifications.add(requireActor(req), req.body)),
  );
}
