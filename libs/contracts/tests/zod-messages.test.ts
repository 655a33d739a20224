import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPostBodySchema, createSurveyBodySchema } from '../src/index.js';

const refusals = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the wording of refusals zod makes of its own', () => {
  it('names limits in the words of the project’s own rules, read on from the field', () => {
    expect(refusals(createSurveyBodySchema, { title: 'x'.repeat(201), questions: [{ type: 'text', question: 'Why?' }] })).toEqual(['title: must be at most 200 characters']);
    expect(refusals(z.object({ tags: z.array(z.string()).max(3) }), { tags: ['a', 'b', 'c', 'd'] })).toEqual(['tags: must be at most 3 items']);
    expect(refusals(z.object({ n: z.number().int().min(1).max(10_000) }), { n: 10_001 })).toEqual(['n: must be at most 10,000']);
  });

  it('says what a field must be, not what the validator expected and received', () => {
    expect(refusals(createSurveyBodySchema, { questions: [{ type: 'rating', question: 5 }] })).toEqual(['title: is required', 'questions.0.question: must be text']);
    expect(refusals(z.object({ n: z.int() }), { n: 1.5 })).toEqual(['n: must be a whole number']);
    expect(refusals(createSurveyBodySchema, { title: 'T', questions: [{ type: 'essay', question: 'Why?' }] })).toEqual([
      'questions.0.type: must be one of "multiple_choice", "text", "rating", "yes_no"',
    ]);
  });

  it('leaves a schema’s own message as it is', () => {
    expect(refusals(createPostBodySchema, { content: '   ' })).toEqual([expect.stringMatching(/^content: /)]);
    expect(refusals(z.object({ a: z.string().max(2, 'too long for a code') }), { a: 'abc' })).toEqual(['a: too long for a code']);
  });
});
