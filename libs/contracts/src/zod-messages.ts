import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

type Issue = $ZodRawIssue;

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'must be text',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be an object',
  date: 'must be a date',
};

const UNITS: Readonly<Record<string, string>> = { string: ' characters', array: ' items', set: ' items', file: ' bytes' };

function count(origin: string, limit: number | bigint): string {
  const n = typeof limit === 'bigint' ? limit.toString() : limit.toLocaleString('en-US');
  return `${n}${UNITS[origin] ?? ''}`;
}

/** 'must be one of "a", "b"'. */
function oneOf(values: readonly unknown[]): string {
  return `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
}

/** A discriminated union's accepted values of its discriminator (the issue's path ends at it). */
function optionsOf(issue: Issue): unknown[] {
  return 'options' in issue && Array.isArray(issue.options) ? (issue.options as unknown[]) : [];
}

/**
 * The project's wording of zod's own refusals ('body.title: must be at most 200 characters'), read
 * on from the field's name as the schemas' own messages are; a schema's own message still wins.
 * Undefined leaves zod's wording for an issue this does not know.
 */
function wordingOf(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return TYPE_WORDS[issue.expected] ?? `must be ${issue.expected}`;
    case 'too_big':
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${count(issue.origin, issue.maximum as number | bigint)}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'must not be blank';
      if ((issue.origin === 'array' || issue.origin === 'set') && issue.minimum === 1) return 'must not be empty';
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${count(issue.origin, issue.minimum as number | bigint)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : oneOf(issue.values);
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the expected form' : `must be a valid ${issue.format === 'datetime' ? 'date and time' : issue.format}`;
    case 'invalid_union':
      if (!issue.discriminator || optionsOf(issue).length === 0) return 'is not one of the accepted forms';
      return oneOf(optionsOf(issue));
    case 'unrecognized_keys':
      return `has unknown ${issue.keys.length === 1 ? 'field' : 'fields'} ${issue.keys.join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
}

z.config({ customError: wordingOf });
