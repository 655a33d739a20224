import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, signInWithDevProvider } from '@freemarket/testing';
import { startTestStack, type TestStack } from '@freemarket/testing/stack';
import { brokenBody, urlValue, validValue, type JsonSchema } from './fuzz/schema-arbitraries.js';

/**
 * Contract fuzzing: every operation of the published OpenAPI document gets generated inputs, valid
 * and broken (wrong types, out-of-range numbers, huge and malformed strings, lone surrogates, NUL,
 * hostile path segments), as a signed-in member and anonymously, through the gateway.
 * FUZZ_SEED replays a run (`random` picks a new one, printed); FUZZ_RUNS sets the cases per
 * operation and caller.
 */
/** Fixed unless told, so CI is repeatable; `FUZZ_SEED=random` explores. */
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 10);

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

/** Callers without an account may use these; every other operation refuses them with 401. */
const PUBLIC = new Set(['POST /api/contact', 'POST /api/stripe/webhook', 'GET /api/events/calendar/{token}']);
/** Not fuzzed as the member: it would end the member's account or session mid-run. */
const ENDS_THE_MEMBER = new Set(['DELETE /api/auth/user']);

let stack: TestStack;
let endpoints: Endpoint[];
let member: BrowserSession;
let other: BrowserSession;
const ajv = new Ajv2020({ strict: false, allErrors: false });
// A CommonJS module: its function is the default export's `default`.
ajvFormats.default(ajv);
const validators = new Map<JsonSchema, ValidateFunction>();

beforeAll(async () => {
  console.log(`contract fuzzing: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
  // The budgets guard capacity; here they would only turn the fuzzer's requests into 429s.
  const roomy = '10000';
  stack = await startTestStack({
    gatewayEnv: {
      RATE_LIMIT_PER_MINUTE: roomy,
      RATE_LIMIT_IP_PER_MINUTE: roomy,
      RATE_LIMIT_CONTACT_PER_MINUTE: roomy,
      RATE_LIMIT_SEARCH_PER_MINUTE: roomy,
      RATE_LIMIT_POSTING_PER_MINUTE: roomy,
      RATE_LIMIT_PAYMENTS_PER_MINUTE: roomy,
    },
  });
  const document = (await (await fetch(`${stack.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
  // The gateway's own operations are navigations (sign-in, sign-out) and the reference itself.
  endpoints = Object.entries(document.paths)
    .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })))
    .filter((e) => !e.operation.tags?.includes('gateway'));
  member = new BrowserSession(stack.url);
  await signInWithDevProvider(member, { email: 'fuzz.member@example.com', firstName: 'Fuzz', lastName: 'Member' });
  other = new BrowserSession(stack.url);
  await signInWithDevProvider(other, { email: 'fuzz.other@example.com', firstName: 'Other', lastName: 'Member' });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const nameOf = (e: Endpoint) => `${e.method} ${e.path}`;
const isWrite = (e: Endpoint) => !['GET', 'HEAD'].includes(e.method);
const bodySchemaOf = (e: Endpoint) => e.operation.requestBody?.content?.['application/json']?.schema;

/** What a generated request gets wrong: nothing, its query and body, or its path too. */
type Broken = 'nothing' | 'query and body' | 'everything';

/** One generated request of an endpoint: its URL (path and query) and JSON body, if any. */
function requestOf(e: Endpoint, broken: Broken): fc.Arbitrary<{ url: string; body: unknown }> {
  const parameters = e.operation.parameters ?? [];
  const path = parameters.filter((p) => p.in === 'path');
  const query = parameters.filter((p) => p.in === 'query');
  const valid = (p: Parameter) => validValue(p.schema).map((v) => encodeURIComponent(String(v)));
  const bodySchema = bodySchemaOf(e);
  return fc.record({
    path: fc.tuple(...path.map((p) => (broken === 'everything' ? urlValue(p.schema) : valid(p)))),
    query: fc.tuple(...query.map((p) => fc.option(broken === 'nothing' ? valid(p) : urlValue(p.schema), { nil: undefined }))),
    body: bodySchema ? (broken === 'nothing' ? validValue(bodySchema) : brokenBody(bodySchema)) : fc.constant(undefined),
  }).map(({ path: values, query: chosen, body }) => {
    let url = e.path;
    path.forEach((p, i) => (url = url.replace(`{${p.name}}`, values[i]!)));
    const pairs = query.flatMap((p, i) => (chosen[i] === undefined ? [] : [`${p.name}=${chosen[i]}`]));
    return { url: pairs.length > 0 ? `${url}?${pairs.join('&')}` : url, body };
  });
}

async function send(caller: BrowserSession | null, e: Endpoint, url: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { origin: stack.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const init: RequestInit = { method: e.method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
  return caller ? caller.request(url, init) : fetch(`${stack.url}${url}`, { ...init, redirect: 'manual' });
}

/** The answer's problems against the contract: a 5xx, or JSON that is not what the operation declares. */
async function contractBreaches(e: Endpoint, res: Response): Promise<string | null> {
  if (res.status >= 500) return `answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
  const declared = e.operation.responses?.[String(res.status)]?.content?.['application/json']?.schema;
  if (!declared || !(res.headers.get('content-type') ?? '').includes('application/json')) return null;
  const validate = validators.get(declared) ?? ajv.compile(declared);
  validators.set(declared, validate);
  const answer: unknown = await res.json();
  return validate(answer) ? null : `answered ${res.status} outside its declared schema: ${ajv.errorsText(validate.errors)}`;
}

/** Runs `cases` generated requests of every endpoint; each breach is reported with the request that caused it. */
async function fuzz(caller: () => BrowserSession | null, pick: (e: Endpoint) => boolean, broken: Broken, check: (e: Endpoint, res: Response) => Promise<string | null>): Promise<string[]> {
  const breaches: string[] = [];
  for (const e of endpoints.filter(pick)) {
    const samples = fc.sample(requestOf(e, broken), { seed: SEED, numRuns: RUNS });
    for (const { url, body } of samples) {
      const res = await send(caller(), e, url, body);
      const breach = await check(e, res);
      if (breach) breaches.push(`${e.method} ${url} ${body === undefined ? '' : JSON.stringify(body).slice(0, 200)} → ${breach}`);
      else if (!res.bodyUsed) await res.body?.cancel();
    }
  }
  return breaches;
}

describe('the API under generated input (FUZZ_SEED replays a run)', () => {
  it('covers every operation of the services', () => {
    expect(endpoints.length).toBeGreaterThan(80);
    expect(endpoints.filter((e) => e.path.startsWith('/api/')).length).toBe(endpoints.length);
  });

  it('never answers 5xx to a member’s broken input, and answers within its declared schemas', { timeout: 600_000 }, async () => {
    const breaches = await fuzz(() => member, (e) => !ENDS_THE_MEMBER.has(nameOf(e)), 'everything', contractBreaches);
    expect(breaches, `FUZZ_SEED=${SEED}`).toEqual([]);
  });

  it('never answers 5xx to a member’s well-formed input, and answers within its declared schemas', { timeout: 600_000 }, async () => {
    const breaches = await fuzz(() => member, (e) => !ENDS_THE_MEMBER.has(nameOf(e)), 'nothing', contractBreaches);
    expect(breaches, `FUZZ_SEED=${SEED}`).toEqual([]);
  });

  it('refuses anyone signed out with 401 on every operation but the public ones, whatever query and body they send', { timeout: 600_000 }, async () => {
    const breaches = await fuzz(
      () => null,
      (e) => !PUBLIC.has(nameOf(e)),
      'query and body',
      // An address too long to read (414, 431) is refused before anyone is asked who they are.
      async (e, res) => (await contractBreaches(e, res)) ?? (![401, 414, 431].includes(res.status) ? `answered ${res.status}, not 401` : null),
    );
    expect(breaches, `FUZZ_SEED=${SEED}`).toEqual([]);
  });

  it('refuses anyone signed out whose address itself is malformed, as malformed (400, 414, 431) or as signed out (401)', { timeout: 600_000 }, async () => {
    const breaches = await fuzz(
      () => null,
      () => true,
      'everything',
      async (e, res) => (await contractBreaches(e, res)) ?? (!PUBLIC.has(nameOf(e)) && ![400, 401, 414, 431].includes(res.status) ? `answered ${res.status}` : null),
    );
    expect(breaches, `FUZZ_SEED=${SEED}`).toEqual([]);
  });
});

describe('another member’s things under generated writes', () => {
  /** What the member owns, one of each kind a path `/api/<kind>/{id}` changes or deletes, and how to read it back. */
  async function ownedThings(): Promise<Array<{ prefix: string; id: string; body: unknown; read: () => Promise<unknown> }>> {
    const me = (await (await member.request('/api/auth/user')).json()) as { id: string };
    const create = async (path: string, body: unknown) => {
      const res = await send(member, { method: 'POST', path, operation: {} }, path, body);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const listed = async (path: string, id: string) => ((await (await member.request(path)).json()) as { items: Array<{ id: string }> }).items.find((x) => x.id === id) ?? null;
    const bodies = {
      post: { content: 'Mine, not yours' },
      event: { title: 'Street party', eventDate: new Date(Date.now() + 86_400_000 * 30).toISOString(), location: 'Main St' },
      item: { title: 'Bicycle', price: '120.00', description: 'Blue' },
      expense: { type: 'personal', amount: '42.50', lineItem: 'Paint', vendor: 'Hardware store' },
      project: { title: 'Community garden', description: 'Raised beds for the street', category: 'resources' },
    };
    const post = await create('/api/posts', bodies.post);
    const event = await create('/api/events', bodies.event);
    const item = await create('/api/items-for-sale', bodies.item);
    const expense = await create('/api/expenses', bodies.expense);
    const project = await create('/api/projects', bodies.project);
    return [
      { prefix: '/api/posts', id: post, body: bodies.post, read: () => listed(`/api/posts?userId=${me.id}`, post) },
      { prefix: '/api/events', id: event, body: { ...bodies.event, title: 'Taken over' }, read: () => listed(`/api/events/hosted/${me.id}`, event) },
      { prefix: '/api/items-for-sale', id: item, body: { ...bodies.item, price: '1.00' }, read: () => listed(`/api/items-for-sale/${me.id}`, item) },
      { prefix: '/api/expenses', id: expense, body: { ...bodies.expense, amount: '0.01' }, read: () => listed('/api/expenses', expense) },
      { prefix: '/api/projects', id: project, body: { ...bodies.project, title: 'Taken over' }, read: async () => (await member.request(`/api/projects/${project}`)).json() },
    ];
  }

  it('refuses every change and deletion of them by someone else with 403 or 404, and leaves them as they were', { timeout: 300_000 }, async () => {
    const things = await ownedThings();
    const breaches: string[] = [];
    for (const thing of things) {
      const before = JSON.stringify(await thing.read());
      const writes = endpoints.filter((e) => isWrite(e) && e.path === `${thing.prefix}/{id}`);
      expect(writes.length, thing.prefix).toBeGreaterThan(0);
      for (const e of writes) {
        const bodySchema = bodySchemaOf(e);
        // The owner's own kind of body, changed, then generated ones.
        const bodies = bodySchema ? [thing.body, ...fc.sample(validValue(bodySchema), { seed: SEED, numRuns: 5 })] : [undefined];
        const statuses: number[] = [];
        for (const body of bodies) {
          const res = await send(other, e, `${thing.prefix}/${thing.id}`, body);
          statuses.push(res.status);
          await res.body?.cancel();
        }
        // A body the route refuses (400) changes nothing either, but some body must reach the owner check.
        if (statuses.some((s) => ![400, 403, 404].includes(s)) || !statuses.some((s) => s === 403 || s === 404)) {
          breaches.push(`${e.method} ${thing.prefix}/{id} by another member answered ${statuses.join(', ')}`);
        }
      }
      expect(JSON.stringify(await thing.read()), `${thing.prefix} after another member's writes`).toBe(before);
    }
    expect(breaches, `FUZZ_SEED=${SEED}`).toEqual([]);
  });
});
