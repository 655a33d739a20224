import { boolean, index, integer, numeric, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { social } from './social.js';

/** The directory's skills as its `skill.upserted` events describe them: what tutorials are filed under. */
export const skills = social.table('skills', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  categoryId: uuid('category_id').notNull(),
  categoryName: text('category_name').notNull(),
});
export type SkillRow = typeof skills.$inferSelect;

/**
 * Tutorials (spec 02 §3 diy_content). `categoryId` is the skill's category when it was filed, so a
 * category's tutorials are one index range, newest first.
 */
export const diyContent = social.table(
  'diy_content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    videoUrl: text('video_url'),
    duration: integer('duration'),
    price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
    isFree: boolean('is_free').notNull().default(false),
    skillId: uuid('skill_id'),
    categoryId: uuid('category_id'),
    viewCount: integer('view_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('diy_content_category_idx').on(t.categoryId, t.createdAt, t.id), index('diy_content_creator_idx').on(t.creatorId, t.createdAt, t.id)],
);
export type DiyContentRow = typeof diyContent.$inferSelect;

/** One row per member who started a tutorial: its view count rises once per member. */
export const tutorialViews = social.table(
  'tutorial_views',
  {
    tutorialId: uuid('tutorial_id')
      .notNull()
      .references(() => diyContent.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tutorialId, t.userId] })],
);

/** Tutorials a member saved for later, newest first. */
export const savedTutorials = social.table(
  'saved_tutorials',
  {
    userId: text('user_id').notNull(),
    tutorialId: uuid('tutorial_id')
      .notNull()
      .references(() => diyContent.id, { onDelete: 'cascade' }),
    savedAt: timestamp('saved_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tutorialId] }), index('saved_tutorials_member_idx').on(t.userId, t.savedAt)],
);

/**
 * Members enrolled in paid tutorials, one row per payment (commerce's `payment.succeeded` naming
 * the tutorial). A full refund marks its row refunded rather than removing it, so a success that
 * arrives after its refund enrols nobody.
 */
export const tutorialEnrolments = social.table(
  'tutorial_enrolments',
  {
    transactionId: uuid('transaction_id').primaryKey(),
    tutorialId: uuid('tutorial_id')
      .notNull()
      .references(() => diyContent.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** When the payment succeeded; null for a refund heard of before its success. */
    enrolledAt: timestamp('enrolled_at', { withTimezone: true, precision: 3 }),
    /** When the payment was refunded in full, which ends the enrolment. */
    refundedAt: timestamp('refunded_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [index('tutorial_enrolments_member_idx').on(t.userId, t.tutorialId)],
);
export type TutorialEnrolmentRow = typeof tutorialEnrolments.$inferSelect;
