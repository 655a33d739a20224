import { RATING_SCALE, SURVEY_RESULTS_LATEST_TEXT, type SurveyQuestion, type SurveyQuestionResult, type SurveyResults } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import type { SurveyRow } from '../db/schema/index.js';
import { latestTextAnswers, readTallies } from './repository.js';

type Tally = Map<string, { answered: number; byAnswer: Map<string, number> }>;

/** The creator's view of a survey at a glance, from the totals kept as it is sent and as responses are stored and erased. */
export async function surveyResults(db: DbOrTx, survey: SurveyRow): Promise<SurveyResults> {
  const textIds = survey.questions.filter((q) => q.type === 'text').map((q) => q.id);
  const [rows, latest] = await Promise.all([readTallies(db, survey.id), latestTextAnswers(db, survey.id, textIds, SURVEY_RESULTS_LATEST_TEXT)]);

  // A text question's one row (ANSWERED) is its answered count; other questions add up their answers.
  const tally: Tally = new Map();
  for (const { questionId, answer, count } of rows) {
    const entry = tally.get(questionId) ?? { answered: 0, byAnswer: new Map() };
    entry.answered += count;
    entry.byAnswer.set(answer, count);
    tally.set(questionId, entry);
  }
  return {
    surveyId: survey.id,
    recipientCount: survey.recipientCount,
    responseCount: survey.responseCount,
    questions: survey.questions.map((q) => questionResult(q, tally, latest)),
  };
}

function questionResult(q: SurveyQuestion, tally: Tally, latest: { questionId: string; answer: string; createdAt: Date }[]): SurveyQuestionResult {
  const entry = tally.get(q.id);
  const answerCount = entry?.answered ?? 0;
  const countOf = (answer: string) => entry?.byAnswer.get(answer) ?? 0;
  const base = { id: q.id, question: q.question, answerCount };
  switch (q.type) {
    case 'multiple_choice':
      return { ...base, type: q.type, options: (q.options ?? []).map((option) => ({ option, count: countOf(option) })) };
    case 'rating': {
      const distribution = RATING_SCALE.map((rating) => ({ rating, count: countOf(String(rating)) }));
      const total = distribution.reduce((sum, d) => sum + d.rating * d.count, 0);
      return { ...base, type: q.type, mean: answerCount > 0 ? Math.round((total / answerCount) * 100) / 100 : null, distribution };
    }
    case 'yes_no':
      return { ...base, type: q.type, yes: countOf('yes'), no: countOf('no') };
    case 'text':
      return {
        ...base,
        type: q.type,
        latest: latest.filter((a) => a.questionId === q.id).map((a) => ({ answer: a.answer, createdAt: a.createdAt.toISOString() })),
      };
    default: {
      const unreachable: never = q.type;
      throw new Error(`unhandled question type ${String(unreachable)}`);
    }
  }
}
