import { describe, expect, it } from 'vitest';
import { readWholeNumber, WHOLE_NUMBER_PROBLEM } from './whole-number';

describe('readWholeNumber', () => {
  it('should read plain digits and thousands grouped by commas, as its hint promises', () => {
    expect(WHOLE_NUMBER_PROBLEM).toBe('Enter a whole number, like 12 or 1,000');
    expect(readWholeNumber('12')).toEqual({ value: 12 });
    expect(readWholeNumber('1,000')).toEqual({ value: 1000 });
    expect(readWholeNumber(' 12,500,000 ')).toEqual({ value: 12_500_000 });
  });

  it('should refuse any other comma, a fraction and a sign', () => {
    for (const text of ['1,5', '10,00', '1.5', '-3', '+3', 'twelve']) expect(readWholeNumber(text)).toEqual({ error: WHOLE_NUMBER_PROBLEM });
  });
});
