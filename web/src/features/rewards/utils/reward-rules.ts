import type { EarningAction, RewardRule } from '@freemarket/contracts';

/**
 * 'How to Earn Points': the rewards service's table (`REWARD_RULES` in the contracts), copied
 * because the contracts' module brings zod with it. The type keeps the actions in step; the
 * rewards browser test checks each label and figure on screen against the contract's table.
 */
export const REWARD_RULES: Readonly<Record<EarningAction, RewardRule>> = {
  review: { points: 10, dailyCap: 10, label: 'Write a review' },
  referral: { points: 20, dailyCap: 5, label: 'Refer a business' },
  event_attendance: { points: 15, dailyCap: 5, label: 'Attend an event', note: 'Once per event; cancelling your RSVP before it starts takes them back' },
  survey_response: { points: 5, dailyCap: 20, label: 'Complete a survey' },
  project_join: { points: 15, dailyCap: 5, label: 'Join a community project' },
  diy_content: { points: 25, dailyCap: 5, label: 'Create a tutorial' },
  purchase: { points: 1, dailyCap: null, label: 'Buy through FreeMarket (1 point per $1)', note: 'A refund takes its points back' },
};
