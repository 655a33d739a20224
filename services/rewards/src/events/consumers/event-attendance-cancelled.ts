import type { TakeBackRule } from '../../credits/earning.js';

/**
 * An RSVP ended before its event (cancelled, or the event deleted) takes back the whole +15 it
 * earned. Every RSVP that can end was announced by `event.attended`, so its credit is waited for.
 */
export const eventAttendanceCancelled: TakeBackRule<'event.attendance.cancelled'> = {
  type: 'event.attendance.cancelled',
  toTakeBack: (data) => ({
    userId: data.userId,
    action: 'event_attendance',
    relatedId: data.eventId,
    total: 'all',
    description: data.reason === 'event_deleted' ? 'Event cancelled by its host: points taken back' : 'RSVP cancelled: points taken back',
    creditAnnounced: true,
  }),
};
