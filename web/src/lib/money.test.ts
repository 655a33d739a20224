import { describe, expect, it } from 'vitest';
import { MONEY_PROBLEMS, readCardAmount, readMoney, readPositiveMoney } from './money';

describe('readMoney', () => {
  it('should read an amount as the server takes it', () => {
    expect(readMoney('12.5')).toEqual({ amount: '12.50' });
    expect(readMoney(' $7 ')).toEqual({ amount: '7.00' });
    expect(readMoney('0')).toEqual({ amount: '0.00' });
  });

  it('should ask for a dot when the cents follow a comma', () => {
    expect(readMoney('12,50')).toEqual({ error: 'Leave out commas, and use a dot for cents: 1250.50', reason: 'comma' });
    expect(readMoney('1,250.00')).toMatchObject({ reason: 'comma' });
  });

  it('should say a negative amount is below zero', () => {
    expect(readMoney('-5')).toEqual({ error: 'Must be zero or more', reason: 'negative' });
  });

  it('should name the field’s own maximum', () => {
    expect(readMoney('10000.01', 10_000)).toEqual({ error: 'Must be at most $10,000.00', reason: 'tooLarge' });
    expect(readMoney('10000', 10_000)).toEqual({ amount: '10000.00' });
  });

  it('should hold every field to what the server stores', () => {
    expect(readMoney('99999999999')).toEqual({ error: 'Must be at most $99,999,999.99', reason: 'tooLarge' });
    expect(readMoney('99999999.99')).toEqual({ amount: '99999999.99' });
    expect(readMoney('100000000', 1e12)).toMatchObject({ error: 'Must be at most $99,999,999.99' });
  });

  it('should ask for two digits of cents at most', () => {
    expect(readMoney('1.234')).toEqual({ error: 'Use at most two digits after the dot, like 12.50', reason: 'cents' });
  });

  it('should give an example for text that is no amount', () => {
    for (const text of ['twelve', '12.5.0', '1e5', '', '-', '.5', '5.']) expect(readMoney(text)).toEqual({ error: MONEY_PROBLEMS.format, reason: 'format' });
  });
});

describe('readPositiveMoney', () => {
  it('should say a zero or negative amount must be above zero', () => {
    expect(readPositiveMoney('0')).toEqual({ error: 'Must be above zero', reason: 'zero' });
    expect(readPositiveMoney('0.00')).toMatchObject({ error: 'Must be above zero' });
    expect(readPositiveMoney('-5')).toEqual({ error: 'Must be above zero', reason: 'zero' });
  });

  it('should keep the other problems', () => {
    expect(readPositiveMoney('99999999999')).toMatchObject({ error: 'Must be at most $99,999,999.99' });
    expect(readPositiveMoney('12,50')).toMatchObject({ reason: 'comma' });
    expect(readPositiveMoney('20', 10)).toMatchObject({ error: 'Must be at most $10.00' });
  });

  it('should read an amount above zero', () => {
    expect(readPositiveMoney('0.01')).toEqual({ amount: '0.01' });
  });
});

describe('readCardAmount', () => {
  it('should hold an amount to what one card payment can be', () => {
    expect(readCardAmount('0.50')).toEqual({ amount: '0.50' });
    expect(readCardAmount('0.49')).toEqual({ error: 'Must be at least $0.50, the smallest card payment', reason: 'tooSmall' });
    expect(readCardAmount('10000.01')).toMatchObject({ reason: 'tooLarge', error: 'Must be at most $10,000.00' });
    expect(readCardAmount('0')).toMatchObject({ reason: 'zero' });
  });
});
