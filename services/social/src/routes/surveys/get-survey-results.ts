import { surveyParamsSchema, surveyResultsSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getSurveyResults(app: App, ctx: SocialContext): void {
  app.get(
    '/api/surveys/:id/results',
    { config: { memberOnly: true }, schema: { params: surveyParamsSchema, response: { 200: surveyResultsSchema } } },
    async (req) => ctx.surveys.results(requireActor(req), req.params.id),
  );
}
