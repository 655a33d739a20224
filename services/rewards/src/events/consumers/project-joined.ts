import { REWARD_RULES } from '@freemarket/contracts';
import type { EarningRule } from '../../credits/earning.js';

/** +15 to the member, once per project: leaving and re-joining pays nothing more. */
export const projectJoined: EarningRule<'project.joined'> = {
  type: 'project.joined',
  toEarning: (data) => ({
    userId: data.userId,
    action: 'project_join',
    relatedId: data.projectId,
    points: REWARD_RULES.project_join.points,
    description: 'Joined a community project',
  }),
};
