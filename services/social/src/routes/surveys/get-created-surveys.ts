import { createdSurveyPageSchema, listCreatedSurveysQuerySchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getCreatedSurveys(app: App, ctx: SocialContext): void {
  app.get(
    '/api/surveys/created/me',
    { config: { memberOnly: true }, schema: { querystring: listCreatedSurveysQuerySchema, response: { 200: createdSurveyPageSchema } } },
    async (req) => ctx.surveys.listCreated(requireActor(req), req.query),
  );
}
