import { listReceivedSurveysQuerySchema, receivedSurveyPageSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function getReceivedSurveys(app: App, ctx: SocialContext): void {
  app.get(
    '/api/surveys/received/me',
    { config: { memberOnly: true }, schema: { querystring: listReceivedSurveysQuerySchema, response: { 200: receivedSurveyPageSchema } } },
    async (req) => ctx.surveys.listReceived(requireActor(req), req.query),
  );
}
