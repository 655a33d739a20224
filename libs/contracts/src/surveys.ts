import { z } from 'zod';
import { comparable, nonBlank, optionalText } from './primitives.js';
import { memberNameSchema } from './posts.js';

export const SURVEY_QUESTION_TYPES = ['text', 'multiple_choice', 'rating', 'yes_no'] as const;
export const surveyQuestionTypeSchema = z.enum(SURVEY_QUESTION_TYPES);
export type SurveyQuestionType = z.infer<typeof surveyQuestionTypeSchema>;

/** Bounds of a survey and of its answers. */
export const SURVEY_LIMITS = {
  title: 200,
  description: 2000,
  questions: 50,
  question: 500,
  options: { min: 2, max: 20 },
  option: 200,
  textAnswer: 2000,
} as const;
/** Rating questions use a scale of 1 to 5 (spec 02 §5). */
export const RATING_SCALE = [1, 2, 3, 4, 5] as const;
/** Yes/no answers are stored as these words (spec 02 §5). */
export const YES_NO_ANSWERS = ['yes', 'no'] as const;
/** Text answers the results show per question, newest first. */
export const SURVEY_RESULTS_LATEST_TEXT = 10;
/** Survey lists: default and largest page size. */
export const SURVEYS_LIMIT = { default: 20, max: 50 } as const;
/** `GET /api/surveys/{id}/responses`: default and largest page size. */
export const SURVEY_RESPONSES_LIMIT = { default: 50, max: 100 } as const;

const questionText = nonBlank(SURVEY_LIMITS.question);
const optionText = nonBlank(SURVEY_LIMITS.option);

/** Multiple-choice options: 2 to 20, none blank, no two the same (ignoring case, spacing and invisible characters). */
export const surveyOptionsSchema = z
  .array(optionText)
  .min(SURVEY_LIMITS.options.min, `must have at least ${SURVEY_LIMITS.options.min} options`)
  .max(SURVEY_LIMITS.options.max, `must have at most ${SURVEY_LIMITS.options.max} options`)
  .refine((options) => new Set(options.map(comparable)).size === options.length, 'must each be different');

/** A question as its author writes it; the server gives it its id. */
export const surveyQuestionInputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('multiple_choice'), question: questionText, options: surveyOptionsSchema }),
  z.object({ type: z.literal('text'), question: questionText }),
  z.object({ type: z.literal('rating'), question: questionText }),
  z.object({ type: z.literal('yes_no'), question: questionText }),
]);
export type SurveyQuestionInput = z.infer<typeof surveyQuestionInputSchema>;

/** A stored question (spec 02 §3): `options` only on multiple choice. */
export const surveyQuestionSchema = z.object({
  id: z.string(),
  type: surveyQuestionTypeSchema,
  question: z.string(),
  options: z.array(z.string()).optional(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/** `POST /api/surveys`. */
export const createSurveyBodySchema = z.object({
  title: z.string().trim().min(1, 'must not be blank').max(SURVEY_LIMITS.title),
  description: optionalText(SURVEY_LIMITS.description),
  questions: z
    .array(surveyQuestionInputSchema)
    .min(1, 'must have at least one question')
    .max(SURVEY_LIMITS.questions, `must have at most ${SURVEY_LIMITS.questions} questions`),
});
export type CreateSurveyBody = z.input<typeof createSurveyBodySchema>;
export type CreateSurveyInput = z.output<typeof createSurveyBodySchema>;

export const surveySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: z.string().nullable(),
  questions: z.array(surveyQuestionSchema),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Survey = z.infer<typeof surveySchema>;

/** One of the creator's surveys, with how far it has gone. */
export const createdSurveySchema = surveySchema.extend({
  recipientCount: z.number().int().nonnegative(),
  responseCount: z.number().int().nonnegative(),
});
export type CreatedSurvey = z.infer<typeof createdSurveySchema>;

export const SURVEY_RECIPIENT_STATUSES = ['pending', 'completed'] as const;
export const surveyRecipientStatusSchema = z.enum(SURVEY_RECIPIENT_STATUSES);
export type SurveyRecipientStatus = z.infer<typeof surveyRecipientStatusSchema>;

/** A survey in a member's inbox (spec 02 §3, Received survey). */
export const receivedSurveySchema = z.object({
  id: z.uuid(),
  survey: surveySchema,
  creator: memberNameSchema,
  status: surveyRecipientStatusSchema,
  receivedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type ReceivedSurvey = z.infer<typeof receivedSurveySchema>;

const pageQuery = {
  limit: z.coerce.number().int().min(1).max(SURVEYS_LIMIT.max).default(SURVEYS_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
};

/** `GET /api/surveys/created/me`: newest first. */
export const listCreatedSurveysQuerySchema = z.object(pageQuery);
export type ListCreatedSurveysQuery = z.infer<typeof listCreatedSurveysQuerySchema>;

/** `GET /api/surveys/received/me?status=`: newest first. */
export const listReceivedSurveysQuerySchema = z.object({ ...pageQuery, status: surveyRecipientStatusSchema.optional() });
export type ListReceivedSurveysQuery = z.infer<typeof listReceivedSurveysQuerySchema>;

export const createdSurveyPageSchema = z.object({ items: z.array(createdSurveySchema), nextCursor: z.string().nullable() });
export type CreatedSurveyPage = z.infer<typeof createdSurveyPageSchema>;
export const receivedSurveyPageSchema = z.object({ items: z.array(receivedSurveySchema), nextCursor: z.string().nullable() });
export type ReceivedSurveyPage = z.infer<typeof receivedSurveyPageSchema>;

export const surveyParamsSchema = z.object({ id: z.uuid() });

/** `POST /api/surveys/{id}/send`: how many members received it now (never anyone twice). */
export const sendSurveyResultSchema = z.object({ count: z.number().int().nonnegative() });
export type SendSurveyResult = z.infer<typeof sendSurveyResultSchema>;

/**
 * `POST /api/surveys/{id}/responses`: question id to answer text. Each answer is checked against
 * its question's type by the service: an option, `1`-`5`, `yes`/`no`, or text.
 */
export const submitSurveyResponseBodySchema = z.object({
  answers: z.record(z.string().min(1).max(64), nonBlank(SURVEY_LIMITS.textAnswer)),
});
export type SubmitSurveyResponseBody = z.infer<typeof submitSurveyResponseBodySchema>;

/** A survey response (spec 02 §3), as its creator reads it. */
export const surveyResponseSchema = z.object({
  id: z.uuid(),
  answers: z.record(z.string(), z.string()),
  responder: memberNameSchema,
  createdAt: z.iso.datetime(),
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;

/** `GET /api/surveys/{id}/responses`: oldest first, so the numbering of responders stays put. */
export const listSurveyResponsesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SURVEY_RESPONSES_LIMIT.max).default(SURVEY_RESPONSES_LIMIT.default),
  cursor: z.string().min(1).max(200).optional(),
});
export type ListSurveyResponsesQuery = z.infer<typeof listSurveyResponsesQuerySchema>;
export const surveyResponsePageSchema = z.object({ items: z.array(surveyResponseSchema), nextCursor: z.string().nullable() });
export type SurveyResponsePage = z.infer<typeof surveyResponsePageSchema>;

const resultBase = { id: z.string(), question: z.string() };
const count = z.number().int().nonnegative();

/** One question's totals: per option, per rating, yes and no, or the latest text answers. */
export const surveyQuestionResultSchema = z.discriminatedUnion('type', [
  z.object({ ...resultBase, type: z.literal('multiple_choice'), answerCount: count, options: z.array(z.object({ option: z.string(), count })) }),
  z.object({
    ...resultBase,
    type: z.literal('rating'),
    answerCount: count,
    mean: z.number().nullable(),
    distribution: z.array(z.object({ rating: z.number().int(), count })),
  }),
  z.object({ ...resultBase, type: z.literal('yes_no'), answerCount: count, yes: count, no: count }),
  z.object({ ...resultBase, type: z.literal('text'), answerCount: count, latest: z.array(z.object({ answer: z.string(), createdAt: z.iso.datetime() })) }),
]);
export type SurveyQuestionResult = z.infer<typeof surveyQuestionResultSchema>;

/** `GET /api/surveys/{id}/results`: the creator's survey at a glance. */
export const surveyResultsSchema = z.object({
  surveyId: z.uuid(),
  recipientCount: count,
  responseCount: count,
  questions: z.array(surveyQuestionResultSchema),
});
export type SurveyResults = z.infer<typeof surveyResultsSchema>;
