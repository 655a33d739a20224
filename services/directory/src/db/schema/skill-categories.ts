import { timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';

/** Skill categories (spec 02 §3): reference data seeded at start. */
export const skillCategories = directory.table('skill_categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: varchar('name', { length: 100 }).notNull().unique(),
  icon: varchar('icon', { length: 50 }),
  color: varchar('color', { length: 7 }),
  createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
});
export type SkillCategoryRow = typeof skillCategories.$inferSelect;
