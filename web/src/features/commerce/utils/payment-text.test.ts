import { describe, expect, it } from 'vitest';
import { MONEY_PROBLEMS } from '../../../lib/money';
import { parseAmount } from './payment-text';

describe('parseAmount', () => {
  it('should read an amount as the server takes it', () => {
    expect(parseAmount('12.5')).toEqual({ amount: '12.50' });
    expect(parseAmount('$10000')).toEqual({ amount: '10000.00' });
    expect(parseAmount('0.50')).toEqual({ amount: '0.50' });
  });

  it('should say what is wrong with the text, as every money field does', () => {
    expect(parseAmount('12.345')).toEqual({ error: MONEY_PROBLEMS.cents });
    expect(parseAmount('12,50')).toEqual({ error: MONEY_PROBLEMS.comma });
    expect(parseAmount('twelve')).toEqual({ error: MONEY_PROBLEMS.format });
    expect(parseAmount('0')).toEqual({ error: 'Must be above zero' });
    expect(parseAmount('-5')).toEqual({ error: 'Must be above zero' });
  });

  it('should hold the amount to what one card payment can be, marking it as a matter of size', () => {
    expect(parseAmount('10000.01')).toEqual({ error: 'Must be at most $10,000.00', size: true });
    expect(parseAmount('0.49')).toEqual({ error: 'Must be at least $0.50, the smallest card payment', size: true });
  });
});
