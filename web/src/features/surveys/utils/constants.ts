import type { RATING_SCALE as RATING_SCALE_CONTRACT, SURVEY_LIMITS as SURVEY_LIMITS_CONTRACT, SurveyQuestionType, YES_NO_ANSWERS as YES_NO_ANSWERS_CONTRACT } from '@freemarket/contracts';

/*
 * Spec 02 §5 and §9 for surveys: the contract's values, typed from it (the contracts' module brings
 * zod with it, so the client declares its own copies), and the labels the screens show. They live
 * here, not in config/constants.ts, so they load with the surveys screen and not with every page.
 */

export const SURVEY_LIMITS: typeof SURVEY_LIMITS_CONTRACT = {
  title: 200,
  description: 2000,
  questions: 50,
  question: 500,
  options: { min: 2, max: 20 },
  option: 200,
  textAnswer: 2000,
};

/** The question types with the builder's labels, in its order; a Record, so a new type must get one. */
export const SURVEY_QUESTION_TYPE_LABELS: Readonly<Record<SurveyQuestionType, string>> = {
  text: 'Text',
  multiple_choice: 'Multiple Choice',
  rating: 'Rating (1-5)',
  yes_no: 'Yes/No',
};
export const SURVEY_QUESTION_TYPES = Object.keys(SURVEY_QUESTION_TYPE_LABELS) as SurveyQuestionType[];

export const RATING_SCALE: typeof RATING_SCALE_CONTRACT = [1, 2, 3, 4, 5];

/** Yes/no answers are sent and stored as these words; the screens show the labels. */
export type YesNoAnswer = (typeof YES_NO_ANSWERS_CONTRACT)[number];
export const YES_NO_LABELS: Readonly<Record<YesNoAnswer, string>> = { yes: 'Yes', no: 'No' };
export const YES_NO_ANSWERS = Object.keys(YES_NO_LABELS) as YesNoAnswer[];
