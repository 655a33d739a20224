import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '@freemarket/db';
import { createTestDatabase, freePort, testInfra, type TestDatabase } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { createApp, type App } from '../src/app.js';
import { createLogger } from '../src/logger.js';

const infra = testInfra();

/** An app whose one route queries the given database. */
async function appOver(database: Database): Promise<App> {
  const app = createApp({ logger: createLogger('test', 'silent') });
  app.get('/api/count', async () => {
    await database.db.execute(sql`select 1`);
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe('a database that cannot serve the request', () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase(infra);
  });
  afterAll(() => testDb?.drop());

  it('answers 503 with Retry-After, not 500, when the database refuses connections', async () => {
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/none` });
    const app = await appOver(database);
    try {
      const res = await app.inject({ url: '/api/count' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ message: 'Service Unavailable: try again shortly' });
    } finally {
      await app.close();
      await database.close();
    }
  });

  needs('postgres', 'a pool of real connections held busy').it('answers 503 when every pooled connection stays busy past the wait, and serves again once one frees', async () => {
    const database = await openDatabase({ url: testDb.url, poolMax: 1, connectTimeoutMs: 300 });
    const app = await appOver(database);
    try {
      // drizzle queries run when awaited: start this one, and give it the pool's one connection.
      const holding = Promise.resolve(database.db.execute(sql`select pg_sleep(1)`));
      await new Promise((resolve) => setTimeout(resolve, 150));
      const res = await app.inject({ url: '/api/count' });
      expect(res.statusCode).toBe(503);
      await holding;
      expect((await app.inject({ url: '/api/count' })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
