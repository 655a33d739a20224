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
  responses?: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }>;
}
interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
}

/** Callers without an account may use these; every other operation refuses them with 401. */
const PUBLIC = new Set(['POST /api/contact', 'POST /api/stripe/webhook', 'GET /api/events/calendar/{token}.ics']);
/** Not fuzzed as the member: it would end the member's account or session mid-run. */
const ENDS_THE_MEMBER = new Set(['DELETE /api/auth/user']);

let stack: TestStack;
let endpoints: Endpoint[];
/** Every operation, the gateway's navigations too. */
let operations: Endpoint[];
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
  operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })));
  endpoints = operations.filter((e) => !e.operation.tags?.includes('gateway'));
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

/**
 * The answer's problems against the contract: a 5xx; a success the operation does not declare; a
 * body where it declares none (204, a redirect) or a redirect without `Location`; a content type it
 * does not declare for that status; JSON outside its schema; a calendar that is not iCalendar.
 */
async function contractBreaches(e: Endpoint, res: Response): Promise<string | null> {
  if (res.status >= 500) return `answered ${res.status}: ${(await res.text()).slice(0, 300)}`;
  const answer = e.operation.responses?.[String(res.status)];
  const success = res.status >= 200 && res.status < 400;
  if (!answer) return success ? `answered ${res.status}, which it does not declare` : null;
  const mediaType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (success && !answer.content) {
    if (res.status >= 300 && !res.headers.get('location')) return `answered ${res.status} without a Location`;
    const body = await res.text();
    return body === '' ? null : `answered ${res.status} with a body where it declares none: ${body.slice(0, 100)}`;
  }
  const declared = answer.content?.[mediaType];
  if (!declared) return success ? `answered ${res.status} as ${mediaType || 'no content type'}, declared ${Object.keys(answer.content ?? {}).join(', ')}` : null;
  switch (mediaType) {
    case 'application/json': {
      const validate = validators.get(declared.schema) ?? ajv.compile(declared.schema);
      validators.set(declared.schema, validate);
      const body: unknown = await res.json();
      return validate(body) ? null : `answered ${res.status} outside its declared schema: ${ajv.errorsText(validate.errors)}`;
    }
    case 'text/calendar': {
      const body = await res.text();
      return /^BEGIN:VCALENDAR\r?\n[\s\S]*END:VCALENDAR\r?\n?$/.test(body) ? null : `answered ${res.status} with a calendar that is not iCalendar: ${body.slice(0, 100)}`;
    }
    default:
      return null;
  }
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

describe('answers that are not JSON', () => {
  const operation = (name: string) => {
    const found = operations.find((e) => nameOf(e) === name);
    expect(found, name).toBeDefined();
    return found!;
  };

  it('answer as declared: 204 with no body, redirects with where to, iCalendar files and feeds, the CSV export', async () => {
    const created = async (path: string, body: unknown) => {
      const res = await send(member, { method: 'POST', path, operation: {} }, path, body);
      expect(res.status, path).toBe(201);
      return (await res.json()) as Record<string, string>;
    };
    const event = await created('/api/events', { title: 'Open studio', eventDate: new Date(Date.now() + 86_400_000 * 7).toISOString(), location: 'Main St' });
    const feed = await created('/api/events/calendar-feed', undefined);
    const post = await created('/api/posts', { content: 'Soon gone' });
    const calls: Array<{ name: string; caller: BrowserSession | null; url: string; status: number; type?: string }> = [
      { name: 'GET /api/events/{id}/ical', caller: member, url: `/api/events/${event.id}/ical`, status: 200, type: 'text/calendar' },
      { name: 'GET /api/events/calendar/{token}.ics', caller: null, url: feed.path!, status: 200, type: 'text/calendar' },
      { name: 'GET /api/expenses/export.csv', caller: member, url: '/api/expenses/export.csv', status: 200, type: 'text/csv' },
      { name: 'DELETE /api/posts/{id}', caller: member, url: `/api/posts/${post.id}`, status: 204 },
      { name: 'GET /api/logout', caller: null, url: '/api/logout', status: 302 },
    ];
    for (const call of calls) {
      const e = operation(call.name);
      const res = await send(call.caller, e, call.url, undefined);
      expect(res.status, call.name).toBe(call.status);
      if (call.type) expect(res.headers.get('content-type'), call.name).toMatch(new RegExp(`^${call.type}(;|$)`));
      expect(await contractBreaches(e, res), call.name).toBeNull();
    }
  });
});

describe('another member’s things under generated writes', () => {
  /** One of the member's things: the operations (path templates) that change or delete it, a body of the owner's kind, and how to read it back. */
  interface Owned {
    name: string;
    id: string;
    paths: string[];
    /** Reads that only the owner may make. */
    privateReads?: string[];
    body?: unknown;
    read: () => Promise<unknown>;
  }

  /** What the member owns, one of each kind some `/api/…/{id}` path changes or deletes. */
  async function ownedThings(): Promise<Owned[]> {
    const me = (await (await member.request('/api/auth/user')).json()) as { id: string };
    const third = new BrowserSession(stack.url);
    await signInWithDevProvider(third, { email: 'fuzz.third@example.com', firstName: 'Third', lastName: 'Member' });
    const thirdId = ((await (await third.request('/api/auth/user')).json()) as { id: string }).id;
    const call = (as: BrowserSession, method: string, path: string, body: unknown) => send(as, { method, path, operation: {} }, path, body);
    const create = async (path: string, body: unknown, as = member) => {
      const res = await call(as, 'POST', path, body);
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const json = async (path: string, as = member) => (await as.request(path)).json() as Promise<unknown>;
    const listed = async (path: string, id: string) => ((await json(path)) as { items: Array<{ id: string }> }).items.find((x) => x.id === id) ?? null;
    /** A profile as a candidate (legislation needs one), created or, where the fuzzing made one, changed. */
    const candidate = { title: 'Candidate', isPoliticalCandidate: true };
    const existing = await member.request(`/api/profiles/user/${me.id}`);
    const profileId =
      existing.status === 200
        ? ((await existing.json()) as { id: string }).id
        : await create('/api/profiles', candidate);
    if (existing.status === 200) expect((await call(member, 'PUT', `/api/profiles/${profileId}`, candidate)).status).toBe(200);
    await create('/api/profiles', { title: 'Plumber', isServiceProvider: true }, third);
    const category = ((await json('/api/skill-categories')) as Array<{ id: string }>)[0]!;
    const skill = ((await json(`/api/skills/category/${category.id}`)) as Array<{ id: string }>)[0]!;
    const profile = () => json(`/api/profiles/user/${me.id}`);

    const bodies = {
      post: { content: 'Mine, not yours' },
      event: { title: 'Street party', eventDate: new Date(Date.now() + 86_400_000 * 30).toISOString(), location: 'Main St' },
      item: { title: 'Bicycle', price: '120.00', description: 'Blue' },
      expense: { type: 'personal', amount: '42.50', lineItem: 'Paint', vendor: 'Hardware store' },
      project: { title: 'Community garden', description: 'Raised beds for the street', category: 'resources' },
      legislation: { title: 'Safer crossings', description: 'Zebra crossings by every school' },
      survey: { title: 'Street lights', questions: [{ type: 'yes_no', question: 'More lights?' }] },
    };
    const post = await create('/api/posts', bodies.post);
    const event = await create('/api/events', bodies.event);
    const item = await create('/api/items-for-sale', bodies.item);
    const expense = await create('/api/expenses', bodies.expense);
    const project = await create('/api/projects', bodies.project);
    const legislation = await create('/api/proposed-legislation', bodies.legislation);
    const survey = await create('/api/surveys', bodies.survey);
    const certification = await create('/api/certifications', { profileId, name: 'Journeyman licence', issuer: 'State board' });
    const userSkill = await create('/api/user-skills', { profileId, skillId: skill.id, yearsExperience: 4 });
    const testimonial = await create('/api/testimonials', { profileUserId: thirdId, content: 'Fixed our boiler on a Sunday' });
    const favorite = await create('/api/favorite-businesses', { businessUserId: thirdId });
    const connection = await create('/api/connections', { addresseeId: thirdId });
    return [
      { name: 'post', id: post, paths: ['/api/posts/{id}'], body: bodies.post, read: () => listed(`/api/posts?userId=${me.id}`, post) },
      { name: 'event', id: event, paths: ['/api/events/{id}'], body: { ...bodies.event, title: 'Taken over' }, read: () => listed(`/api/events/hosted/${me.id}`, event) },
      { name: 'item', id: item, paths: ['/api/items-for-sale/{id}'], body: { ...bodies.item, price: '1.00' }, read: () => listed(`/api/items-for-sale/${me.id}`, item) },
      { name: 'expense', id: expense, paths: ['/api/expenses/{id}'], body: { ...bodies.expense, amount: '0.01' }, read: () => listed('/api/expenses', expense) },
      { name: 'project', id: project, paths: ['/api/projects/{id}'], body: { ...bodies.project, title: 'Taken over' }, read: () => json(`/api/projects/${project}`) },
      { name: 'profile', id: profileId, paths: ['/api/profiles/{id}'], body: { ...candidate, title: 'Taken over' }, read: profile },
      { name: 'legislation', id: legislation, paths: ['/api/proposed-legislation/{id}'], body: { ...bodies.legislation, title: 'Taken over' }, read: () => json(`/api/proposed-legislation/${me.id}`) },
      { name: 'survey', id: survey, paths: ['/api/surveys/{id}/send', '/api/surveys/{id}/responses'], privateReads: ['/api/surveys/{id}/responses', '/api/surveys/{id}/results'], read: () => json('/api/surveys/created/me') },
      { name: 'certification', id: certification, paths: ['/api/certifications/{id}'], read: profile },
      { name: 'skill', id: userSkill, paths: ['/api/user-skills/{id}'], read: profile },
      { name: 'testimonial', id: testimonial, paths: ['/api/testimonials/{id}'], read: () => json(`/api/testimonials/${thirdId}`) },
      { name: 'favourite', id: favorite, paths: ['/api/favorite-businesses/{id}'], read: () => json(`/api/favorite-businesses/${me.id}`) },
      { name: 'connection', id: connection, paths: ['/api/connections/{id}'], body: { status: 'accepted' }, read: () => json('/api/connections') },
    ];
  }

  it('refuses every change and deletion of them by someone else with 403 or 404, and leaves them as they were', { timeout: 300_000 }, async () => {
    const things = await ownedThings();
    const breaches: string[] = [];
    for (const thing of things) {
      const before = JSON.stringify(await thing.read());
      const writes = endpoints.filter((e) => isWrite(e) && thing.paths.includes(e.path));
      expect(writes.length, thing.name).toBeGreaterThan(0);
      for (const e of writes) {
        const bodySchema = bodySchemaOf(e);
        // The owner's own kind of body, changed, then generated ones.
        const bodies = bodySchema ? [...(thing.body === undefined ? [] : [thing.body]), ...fc.sample(validValue(bodySchema), { seed: SEED, numRuns: 5 })] : [undefined];
        const statuses: number[] = [];
        for (const body of bodies) {
          const res = await send(other, e, e.path.replace('{id}', thing.id), body);
          statuses.push(res.status);
          await res.body?.cancel();
        }
        // A body the route refuses (400) changes nothing either, but some body must reach the owner check.
        if (statuses.some((s) => ![400, 403, 404].includes(s)) || !statuses.some((s) => s === 403 || s === 404)) {
          breaches.push(`${e.method} ${e.path} (a ${thing.name}) by another member answered ${statuses.join(', ')}`);
        }
      }
      for (const path of thing.privateReads ?? []) {
        const res = await other.request(path.replace('{id}', thing.id));
        if (![403, 404].includes(res.status)) breaches.push(`GET ${path} (a ${thing.name}) by another member answered ${res.status}`);
        await res.body?.cancel();
      }
      expect(JSON.stringify(await thing.read()), `the ${thing.name} after another member's writes`).toBe(before);
    }
    expect(breaches, `FUZZ_SEED=${SEED}`).toEqual([]);
  });
});
