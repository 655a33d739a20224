import { createdSurveySchema, createSurveyBodySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function postSurvey(app: App, ctx: SocialContext): void {
  app.post('/api/surveys', { config: { memberOnly: true }, schema: { body: createSurveyBodySchema, response: { 201: createdSurveySchema } } }, async (req, reply) => {
    const survey = await ctx.surveys.create(requireActor(req), req.body);
    return reply.status(201).send(survey);
  });
}
