import { sendSurveyResultSchema, surveyParamsSchema } from '@freemarket/contracts';
import { requireActor, type App } from '@freemarket/kit';
import type { SocialContext } from '../../context.js';

export function sendSurvey(app: App, ctx: SocialContext): void {
  app.post(
    '/api/surveys/:id/send',
    { config: { memberOnly: true }, schema: { params: surveyParamsSchema, response: { 200: sendSurveyResultSchema } } },
    async (req) => ctx.surveys.send(requireActor(req), req.params.id),
  );
}
