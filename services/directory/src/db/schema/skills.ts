import { timestamp, unique, uuid, varchar } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';
import { skillCategories } from './skill-categories.js';

/** Skills, each in one category and removed with it (spec 02 §3). */
export const skills = directory.table(
  'skills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => skillCategories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [unique('skills_category_name_unique').on(t.categoryId, t.name)],
);
export type SkillRow = typeof skills.$inferSelect;
