import type { SurveyQuestionInput, SurveyQuestionType } from '@freemarket/contracts';
import { comparable } from '@freemarket/contracts/constants';
import { SURVEY_LIMITS } from '../utils/constants';

/** Options typed one per line: trimmed, blank lines dropped. */
export function parseOptions(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

export type DraftCheck = { ok: true; question: SurveyQuestionInput } | { ok: false; problem: string | null };

/**
 * Whether the builder's draft can be added, by the contract's rules: non-blank text, and for
 * multiple choice 2 to 20 options of at most 200 characters, no two alike as the server compares
 * them (case, spacing and invisible characters aside). `problem` is null while the question text is
 * still blank (nothing to say yet).
 */
export function checkDraft(type: SurveyQuestionType, text: string, optionsText: string): DraftCheck {
  const question = text.trim();
  if (!question) return { ok: false, problem: null };
  if (type !== 'multiple_choice') return { ok: true, question: { type, question } };
  const options = parseOptions(optionsText);
  const { min, max } = SURVEY_LIMITS.options;
  if (options.length < min) return { ok: false, problem: `Multiple choice needs at least ${min} options, one per line.` };
  if (options.length > max) return { ok: false, problem: `Multiple choice takes at most ${max} options.` };
  if (options.some((o) => o.length > SURVEY_LIMITS.option)) return { ok: false, problem: `An option takes at most ${SURVEY_LIMITS.option} characters.` };
  const repeat = repeatedOption(options);
  if (repeat) return { ok: false, problem: `Each option must be different: '${repeat.option}' repeats '${repeat.earlier}'.` };
  return { ok: true, question: { type, question, options } };
}

/** The first option that the server would take for an earlier one, and that earlier one. */
function repeatedOption(options: string[]): { option: string; earlier: string } | null {
  const seen = new Map<string, string>();
  for (const option of options) {
    const earlier = seen.get(comparable(option));
    if (earlier !== undefined) return { option, earlier };
    seen.set(comparable(option), option);
  }
  return null;
}
