import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as the services' zod schemas describe themselves) the API uses. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
}

/** Long enough to find a missing bound, short enough to keep a run quick. */
const LONGEST_SAMPLE = 40;

/**
 * Values the schema accepts, as far as a schema can say: a route may still refuse one for a rule
 * the schema does not carry (a date that must lie ahead, an id that must exist).
 */
export function validValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(validValue));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type })));
  switch (types[0]) {
    case 'string':
      return validString(schema);
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, -1_000_000), max: Math.min(schema.maximum ?? 1_000_000, 1_000_000) });
    case 'number':
      return fc.double({ min: Math.max(schema.minimum ?? -1_000_000, -1_000_000), max: Math.min(schema.maximum ?? 1_000_000, 1_000_000), noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, 3)) });
    case 'object':
      return validObject(schema);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => fits(s, schema));
  const minLength = schema.minLength ?? 0;
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? LONGEST_SAMPLE, LONGEST_SAMPLE)) }).filter((s) => fits(s.trim(), schema));
}

function fits(text: string, schema: JsonSchema): boolean {
  return text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity);
}

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = validValue(property);
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
}

/** What a careless or hostile client sends where any one value belongs. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    '',
    '   ',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\u200b\u200b',
    '\u202eevil',
    '💥'.repeat(2000),
    'x'.repeat(100_000),
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '00000000-0000-0000-0000-000000000000',
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    2 ** 53 + 2,
    true,
    false,
    null,
    [],
    {},
    [null, [[]]],
    JSON.parse('{"__proto__":{"polluted":true}}') as unknown,
  ),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** A body of the schema's shape with one thing wrong: a value, a missing field, a stranger, or the whole of it. */
export function brokenBody(schema: JsonSchema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  if (names.length === 0) return hostileValue;
  return fc.oneof(
    fc.tuple(validObject(schema), fc.constantFrom(...names), hostileValue).map(([body, name, value]) => ({ ...body, [name]: value })),
    fc.tuple(validObject(schema), fc.constantFrom(...names)).map(([body, name]) => {
      const { [name]: _dropped, ...rest } = body;
      return rest;
    }),
    validObject(schema).map((body) => ({ ...body, notAField: 'x', isAdmin: true, userId: 'someone-else' })),
    hostileValue,
  );
}

/** Raw URL fragments that no encoder produces: invalid UTF-8, a lone surrogate, NUL, traversal. */
const RAW_FRAGMENTS = ['%ED%A0%80', '%00', '%FF%FE', '..%2F..%2Fetc', '%25', '%', 'x'.repeat(3000), '%20', 'null', '-1', '1e309'];

/** A path or query value: something the schema accepts, something it does not, or raw bytes. */
export function urlValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    validValue(schema).map(encodeValue),
    hostileValue.map(encodeValue),
    fc.constantFrom(...RAW_FRAGMENTS),
  );
}

function encodeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded; its raw UTF-8-like bytes are what a client would send.
    return '%ED%A0%80';
  }
}
