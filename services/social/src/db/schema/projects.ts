import { sql } from 'drizzle-orm';
import { check, date, index, integer, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PROJECT_CATEGORIES, PROJECT_ROLES, PROJECT_STATUSES } from '@freemarket/contracts';
import { social } from './social.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Community projects (spec 02 §3), listed newest first, by category and status. `participantCount`
 * is the number of participants, kept in the transaction that adds or removes one, so a page of
 * projects reads it instead of counting each project's participants.
 */
export const projects = social.table(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category', { enum: PROJECT_CATEGORIES }).notNull(),
    customCategory: text('custom_category'),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('active'),
    goals: text('goals'),
    targetDate: date('target_date'),
    participantCount: integer('participant_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('projects_created_idx').on(t.createdAt, t.id),
    index('projects_status_idx').on(t.status, t.createdAt, t.id),
    index('projects_category_status_idx').on(t.category, t.status, t.createdAt, t.id),
    index('projects_category_idx').on(t.category, t.createdAt, t.id),
    check('projects_category_check', sql`${t.category} in (${inList(PROJECT_CATEGORIES)})`),
    check('projects_status_check', sql`${t.status} in (${inList(PROJECT_STATUSES)})`),
    check('projects_participant_count_check', sql`${t.participantCount} >= 0`),
  ],
);
export type ProjectRow = typeof projects.$inferSelect;

/** A project's participants: its creator, from the start, and the members who joined; leaving deletes the row. */
export const projectParticipants = social.table(
  'project_participants',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    role: text('role', { enum: PROJECT_ROLES }).notNull().default('collaborator'),
    joinedAt: timestamp('joined_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.userId] }),
    index('project_participants_joined_idx').on(t.projectId, t.joinedAt),
    // Whether the viewer joined each project of a page: without it the planner scans every participant.
    index('project_participants_member_idx').on(t.userId),
  ],
);
export type ProjectParticipantRow = typeof projectParticipants.$inferSelect;
