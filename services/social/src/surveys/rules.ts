import { randomBytes } from 'node:crypto';
import { RATING_SCALE, YES_NO_ANSWERS, type SurveyQuestion, type SurveyQuestionInput } from '@freemarket/contracts';

/** A short random question id, unique within its survey (spec 02 §3). */
function questionId(taken: Set<string>): string {
  for (;;) {
    const id = randomBytes(6).toString('base64url');
    if (!taken.has(id)) return id;
  }
}

/** The questions as stored: each with a fresh id; options only on multiple choice. */
export function withQuestionIds(questions: readonly SurveyQuestionInput[]): SurveyQuestion[] {
  const taken = new Set<string>();
  return questions.map((q) => {
    const id = questionId(taken);
    taken.add(id);
    return q.type === 'multiple_choice' ? { id, type: q.type, question: q.question, options: q.options } : { id, type: q.type, question: q.question };
  });
}

export type AnswersDecision = { kind: 'valid'; answers: Record<string, string> } | { kind: 'invalid'; questionId: string; message: string };

const RATINGS = new Set<string>(RATING_SCALE.map(String));
const YES_NO = new Set<string>(YES_NO_ANSWERS);

/** One answer as stored, or what is wrong with it; yes/no is taken in any case and stored lower-case. */
function answerProblem(question: SurveyQuestion, answer: string): { problem: string } | { value: string } {
  switch (question.type) {
    case 'text':
      return { value: answer };
    case 'multiple_choice':
      return question.options?.includes(answer) ? { value: answer } : { problem: 'must be one of the question’s options' };
    case 'rating':
      return RATINGS.has(answer) ? { value: answer } : { problem: `must be a whole number from ${RATING_SCALE[0]} to ${RATING_SCALE.at(-1)}` };
    case 'yes_no': {
      const word = answer.toLowerCase();
      return YES_NO.has(word) ? { value: word } : { problem: 'must be yes or no' };
    }
    default: {
      const unreachable: never = question.type;
      throw new Error(`unhandled question type ${String(unreachable)}`);
    }
  }
}

/** Every question answered, each answer of its question's type, and nothing else (spec 02 §5). */
export function decideAnswers(questions: readonly SurveyQuestion[], answers: Readonly<Record<string, string>>): AnswersDecision {
  const known = new Set(questions.map((q) => q.id));
  const stray = Object.keys(answers).find((id) => !known.has(id));
  if (stray !== undefined) return { kind: 'invalid', questionId: stray, message: 'is not a question of this survey' };
  const valid: Record<string, string> = {};
  for (const question of questions) {
    const answer = answers[question.id];
    if (answer === undefined) return { kind: 'invalid', questionId: question.id, message: 'is required: please answer all questions' };
    const checked = answerProblem(question, answer);
    if ('problem' in checked) return { kind: 'invalid', questionId: question.id, message: checked.problem };
    valid[question.id] = checked.value;
  }
  return { kind: 'valid', answers: valid };
}
