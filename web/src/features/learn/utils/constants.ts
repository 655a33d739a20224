import type { TUTORIAL_LIMITS as TUTORIAL_LIMITS_CONTRACT, TUTORIALS_LIMIT } from '@freemarket/contracts';

/*
 * Spec 02 §5 and §9 for tutorials: the contract's values, typed from it (its module brings zod with
 * it, so the client declares its own copies; a changed contract stops this compiling). They load
 * with the learning hub only.
 */

export const TUTORIAL_LIMITS: typeof TUTORIAL_LIMITS_CONTRACT = { title: 200, description: 5000, videoUrl: 2048, durationMinutes: 10_000 };

export const TUTORIALS_PAGE_SIZE: (typeof TUTORIALS_LIMIT)['default'] = 20;

/** The tab of the member's saved tutorials, beside one tab per skill category (whose values are ids). */
export const SAVED_TAB = 'saved';
