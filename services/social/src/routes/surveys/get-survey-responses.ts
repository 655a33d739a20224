import { listSurveyResponsesQuerySchema, surveyParamsSchema, surveyResponsePageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getSurveyResponses(app: App, ctx: SocialContext): void {
  app.get(
    '/api/surveys/:id/responses',
    { config: { memberOnly: true }, schema: { params: surveyParamsSchema, querystring: listSurveyResponsesQuerySchema, response: { 200: surveyResponsePageSchema } } },
    async (req) => ctx.surveys.responses(requireActor(req), req.params.id, req.query),
  );
}
