import { submitSurveyResponseBodySchema, surveyParamsSchema, surveyResponseSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function postSurveyResponse(app: App, ctx: SocialContext): void {
  app.post(
    '/api/surveys/:id/responses',
    { config: { memberOnly: true }, schema: { params: surveyParamsSchema, body: submitSurveyResponseBodySchema, response: { 201: surveyResponseSchema } } },
    async (req, reply) => {
      const response = await ctx.surveys.respond(requireActor(req), req.params.id, req.body);
      return reply.status(201).send(response);
    },
  );
}
