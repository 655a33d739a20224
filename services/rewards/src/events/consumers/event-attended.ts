import { REWARD_RULES } from '@freemarket/contracts';
import type { EarningRule } from '../../credits/earning.js';

/** +15 to the attendee, once per event: a second RSVP pays nothing. */
export const eventAttended: EarningRule<'event.attended'> = {
  type: 'event.attended',
  toEarning: (data) => ({
    userId: data.userId,
    action: 'event_attendance',
    relatedId: data.eventId,
    points: REWARD_RULES.event_attendance.points,
    description: 'Attended an event',
  }),
};
