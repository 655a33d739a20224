import { REWARD_RULES } from '@freemarket/contracts';
import type { EarningRule } from '../../credits/earning.js';

/** +5 to the responder, once per survey however many responses they send. */
export const surveyResponseCreated: EarningRule<'survey.response.created'> = {
  type: 'survey.response.created',
  toEarning: (data) => ({
    userId: data.responderId,
    action: 'survey_response',
    relatedId: data.surveyId,
    points: REWARD_RULES.survey_response.points,
    description: 'Completed a survey',
  }),
};
