import { describe, expect, it } from 'vitest';
import { comparable, createBusinessReferralSchema, nonBlank, optionalText, surveyOptionsSchema } from '../src/index.js';

describe('text as members write it', () => {
  it('stores one spelling of an accented letter, whichever the keyboard sent', () => {
    const decomposed = 'Cafe\u0301 Ole\u0301';
    expect(nonBlank(50).parse(`  ${decomposed} `)).toBe('Café Olé');
    expect(optionalText(50).parse(decomposed)).toBe('Café Olé');
  });

  it('refuses text that is blank once trimmed', () => {
    expect(nonBlank(10).safeParse('   ').success).toBe(false);
  });

  it('compares texts for duplicates without case, spacing, compatibility forms or invisible characters', () => {
    expect(comparable(' Fresh\u200B  Bread ')).toBe(comparable('fresh bread'));
    expect(comparable('ＢＲＥＡＤ')).toBe('bread');
    expect(comparable('Bread')).not.toBe(comparable('Breads'));
  });

  it('refuses a survey option that repeats another behind a zero-width space', () => {
    const result = surveyOptionsSchema.safeParse(['Yes please', 'Yes\u200B please']);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('must each be different');
    expect(surveyOptionsSchema.safeParse(['Yes', 'No']).success).toBe(true);
  });

  it('stores a referred business name without invisible characters, so the duplicate rule sees it', () => {
    const parsed = createBusinessReferralSchema.parse({ businessName: 'Joe\u2060’s\u200D Diner' });
    expect(parsed.businessName).toBe('Joe’s Diner');
    expect(createBusinessReferralSchema.safeParse({ businessName: '\u200B' }).success).toBe(false);
  });
});
