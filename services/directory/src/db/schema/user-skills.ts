import { index, integer, numeric, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';
import { profiles } from './profiles.js';
import { skills } from './skills.js';

/** The skills a profile offers, with experience and rate (spec 02 §3). */
export const userSkills = directory.table(
  'user_skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    skillId: uuid('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    yearsExperience: integer('years_experience'),
    hourlyRate: numeric('hourly_rate', { precision: 10, scale: 2 }),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [unique('user_skills_profile_skill_unique').on(t.profileId, t.skillId), index('user_skills_skill_idx').on(t.skillId)],
);
export type UserSkillRow = typeof userSkills.$inferSelect;
