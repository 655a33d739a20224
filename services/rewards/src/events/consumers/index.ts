import type { EarningEventType, EarningRule } from '../../credits/earning.js';
import { eventAttended } from './event-attended.js';
import { paymentSucceeded } from './payment-succeeded.js';
import { projectJoined } from './project-joined.js';
import { referralCreated } from './referral-created.js';
import { reviewCreated } from './review-created.js';
import { surveyResponseCreated } from './survey-response-created.js';
import { tutorialCreated } from './tutorial-created.js';

/** Every earning rule, one per subject the rewards service consumes. */
export const EARNING_RULES: { [T in EarningEventType]: EarningRule<T> } = {
  'review.created': reviewCreated,
  'referral.created': referralCreated,
  'event.attended': eventAttended,
  'survey.response.created': surveyResponseCreated,
  'project.joined': projectJoined,
  'tutorial.created': tutorialCreated,
  'payment.succeeded': paymentSucceeded,
};
