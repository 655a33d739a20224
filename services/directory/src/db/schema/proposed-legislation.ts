import { index, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { directory, timestampOptions } from './directory.js';

/** Legislation a political candidate proposes (spec 02 §3). */
export const proposedLegislation = directory.table(
  'proposed_legislation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description'),
    documentUrls: text('document_urls').array().notNull().default([]),
    createdAt: timestamp('created_at', timestampOptions).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', timestampOptions).notNull().defaultNow(),
  },
  (t) => [index('proposed_legislation_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);
export type LegislationRow = typeof proposedLegislation.$inferSelect;
