import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SURVEY_RECIPIENT_STATUSES, type SurveyQuestion } from '@freemarket/contracts';
import { social } from './social.js';

/** Surveys a member writes and sends to their connections (spec 02 §3). */
export const surveys = social.table(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    questions: jsonb('questions').$type<SurveyQuestion[]>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Kept with `survey_answer_counts`, in the transaction that stores or erases a response. */
    responseCount: integer('response_count').notNull().default(0),
    /** Its `survey_recipients` rows, kept by the statement that sends the survey and the one that erases a deleted member's. */
    recipientCount: integer('recipient_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('surveys_creator_idx').on(t.creatorId, t.createdAt, t.id),
    check('surveys_response_count_check', sql`${t.responseCount} >= 0`),
    check('surveys_recipient_count_check', sql`${t.recipientCount} >= 0`),
  ],
);
export type SurveyRow = typeof surveys.$inferSelect;

/** Who a survey was sent to; one row per member and survey, so a second send reaches only new connections. */
export const surveyRecipients = social.table(
  'survey_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id').notNull(),
    status: text('status', { enum: SURVEY_RECIPIENT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('survey_recipients_uq').on(t.surveyId, t.recipientId),
    index('survey_recipients_inbox_idx').on(t.recipientId, t.createdAt, t.id),
    check('survey_recipients_status_check', sql`${t.status} in ('pending', 'completed')`),
  ],
);
export type SurveyRecipientRow = typeof surveyRecipients.$inferSelect;

/** One response per recipient and survey: question id to answer text. */
export const surveyResponses = social.table(
  'survey_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    responderId: text('responder_id').notNull(),
    answers: jsonb('answers').$type<Record<string, string>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_responses_uq').on(t.surveyId, t.responderId),
    index('survey_responses_survey_idx').on(t.surveyId, t.createdAt, t.id),
  ],
);
export type SurveyResponseRow = typeof surveyResponses.$inferSelect;

/** Stands for "answered" in a text question's tally: no option, rating or yes/no answer is blank. */
export const ANSWERED = '';

/**
 * How many responses gave each answer to each question (a text question counts answers, under
 * `ANSWERED`), kept in the transaction that stores or erases a response, so results read a few rows.
 */
export const surveyAnswerCounts = social.table(
  'survey_answer_counts',
  {
    surveyId: uuid('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: text('question_id').notNull(),
    answer: text('answer').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.questionId, t.answer] }), check('survey_answer_counts_count_check', sql`${t.count} >= 0`)],
);
export type SurveyAnswerCountRow = typeof surveyAnswerCounts.$inferSelect;
