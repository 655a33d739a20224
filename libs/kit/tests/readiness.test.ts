import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMetrics } from '@freemarket/testing';
import { createApp, type App } from '../src/app.js';
import { createLogger } from '../src/logger.js';

/** What each dependency does when checked; tests flip them. */
const down = { database: false, bus: false };
const answer = (name: keyof typeof down) => async () => {
  if (down[name]) throw new Error(`${name} is unreachable`);
};

let app: App;
let base: string;

beforeAll(async () => {
  app = createApp({
    logger: createLogger('test', 'silent'),
    readiness: [
      { name: 'database', check: answer('database') },
      { name: 'bus', check: answer('bus'), whileDown: 'events wait in the outbox' },
    ],
  });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app?.close());

const readyz = async () => {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: (await res.json()) as unknown };
};
const up = async (dependency: string) => (await scrapeMetrics(`${base}/metrics`)).value('dependency_up', { dependency });

describe('/readyz and dependency_up', () => {
  it('answer ready, and 1 for the dependency the instance stays ready without, while all answer', async () => {
    Object.assign(down, { database: false, bus: false });
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', bus: 'ok' } } });
    expect(await up('bus')).toBe(1);
    // The database's outage shows as the instance not being ready; a scrape does not check it.
    expect(await up('database')).toBeUndefined();
  });

  it('stay ready while a dependency requests can do without is down, naming it and what happens meanwhile', async () => {
    Object.assign(down, { database: false, bus: true });
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', bus: 'bus is unreachable; events wait in the outbox' } } });
    expect(await up('bus')).toBe(0);
  });

  it('answer 503 while a dependency requests need is down', async () => {
    Object.assign(down, { database: true, bus: false });
    expect(await readyz()).toEqual({ status: 503, body: { status: 'not ready', checks: { database: 'database is unreachable', bus: 'ok' } } });
  });
});
