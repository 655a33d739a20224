import { describe, expect, it } from 'vitest';
import { fieldLabel, readableReason } from './server-reason';

describe('readableReason', () => {
  it('should make a refusal a sentence', () => {
    expect(readableReason('You already referred this business')).toBe('You already referred this business.');
    expect(readableReason('Donations can only be made to political candidates')).toBe('Donations can only be made to political candidates.');
  });

  it('should keep a sentence that already ends', () => {
    expect(readableReason('This survey is closed.')).toBe('This survey is closed.');
  });

  it('should keep a reason whose semicolon is its own', () => {
    expect(readableReason('A buyer is paying for this item right now; try again in a few minutes')).toBe('A buyer is paying for this item right now; try again in a few minutes.');
  });

  it('should name the field of a validation refusal as a member reads it', () => {
    expect(readableReason('body.expenseDate: must be 1900-01-01 or later')).toBe('Expense date must be 1900-01-01 or later.');
    expect(readableReason('body.amount: must be greater than 0')).toBe('Amount must be greater than 0.');
    expect(readableReason('querystring.timeZone: is not a time zone the calendar knows')).toBe('Time zone is not a time zone the calendar knows.');
  });

  it('should give each field the server named its own sentence', () => {
    expect(readableReason('body.lineItem: must not be blank; body.vendor: must not be blank')).toBe('Line item must not be blank. Vendor must not be blank.');
  });

  it('should set a library’s own wording apart from the field', () => {
    expect(readableReason('body.content: String must contain at most 2000 character(s)')).toBe('Content: String must contain at most 2000 character(s).');
  });

  it('should drop a path that names no field', () => {
    expect(readableReason('body: Unexpected end of JSON input')).toBe('Unexpected end of JSON input.');
  });

  it('should keep a reason that only looks like a field', () => {
    expect(readableReason('Sign-in failed: the provider sent no ID token')).toBe('Sign-in failed: the provider sent no ID token.');
    expect(readableReason('Forbidden: cross-site request refused')).toBe('Forbidden: cross-site request refused.');
  });
});

describe('fieldLabel', () => {
  it('should spell out a field’s name', () => {
    expect(fieldLabel('.businessName')).toBe('Business name');
    expect(fieldLabel('.stripe-signature')).toBe('Stripe signature');
  });

  it('should write ids and addresses in capitals', () => {
    expect(fieldLabel('.sellerId')).toBe('Seller ID');
    expect(fieldLabel('.videoUrl')).toBe('Video URL');
  });

  it('should name one of a list by its place, counted from one', () => {
    expect(fieldLabel('.photos.0')).toBe('Photo 1');
    expect(fieldLabel('.questions.2.options')).toBe('Question 3 options');
    expect(fieldLabel('.categories.1')).toBe('Category 2');
  });

  it('should leave out an id in the path', () => {
    expect(fieldLabel('.answers.8d0f1c2e-1b7a-4c55-9a39-2f4f7c1d9e10')).toBe('Answers');
  });
});
