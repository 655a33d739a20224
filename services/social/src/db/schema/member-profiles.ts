import { boolean, text, timestamp } from 'drizzle-orm/pg-core';
import { social } from './social.js';

/**
 * What social needs of members' profiles, learned from the directory's `profile.created` and
 * `profile.updated`: whether their hosted and attended events are public.
 */
export const memberProfiles = social.table('member_profiles', {
  userId: text('user_id').primaryKey(),
  eventsIsPublic: boolean('events_is_public').notNull(),
  /** occurredAt of the event applied, so an older event arriving late changes nothing. */
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
});
