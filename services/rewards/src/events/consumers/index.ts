import type { EarningEventType, EarningRule, TakeBackEventType, TakeBackRule } from '../../credits/earning.js';
import { eventAttendanceCancelled } from './event-attendance-cancelled.js';
import { eventAttended } from './event-attended.js';
import { paymentRefunded } from './payment-refunded.js';
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

/** Every take-back rule, one per subject that undoes an earlier credit. */
export const TAKE_BACK_RULES: { [T in TakeBackEventType]: TakeBackRule<T> } = {
  'payment.refunded': paymentRefunded,
  'event.attendance.cancelled': eventAttendanceCancelled,
};
