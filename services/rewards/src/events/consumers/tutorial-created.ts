import { REWARD_RULES } from '@freemarket/contracts';
import type { EarningRule } from '../../credits/earning.js';

/** +25 to the creator, once per tutorial. */
export const tutorialCreated: EarningRule<'tutorial.created'> = {
  type: 'tutorial.created',
  toEarning: (data) => ({
    userId: data.creatorId,
    action: 'diy_content',
    relatedId: data.tutorialId,
    points: REWARD_RULES.diy_content.points,
    description: 'Created a tutorial',
  }),
};
