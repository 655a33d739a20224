import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The real components a test run talks to (ARCHITECTURE §8): those named by DATABASE_URL,
 * NATS_URL and REDIS_URL; otherwise the embedded ones of local mode. With REQUIRE_INFRA=1 a
 * missing real component fails the run instead of falling back.
 */
export interface TestInfra {
  /** Base server URL, or null for PGlite. */
  postgresUrl: string | null;
  natsUrl: string | null;
  redisUrl: string | null;
}

export function testInfra(env: NodeJS.ProcessEnv = process.env): TestInfra {
  const infra = {
    postgresUrl: env.DATABASE_URL || null,
    natsUrl: env.NATS_URL || null,
    redisUrl: env.REDIS_URL || null,
  };
  if (env.REQUIRE_INFRA === '1') {
    const missing = Object.entries({ DATABASE_URL: infra.postgresUrl, NATS_URL: infra.natsUrl, REDIS_URL: infra.redisUrl })
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length > 0) throw new Error(`REQUIRE_INFRA=1 but ${missing.join(', ')} not set: refusing to fall back to embedded components`);
  }
  return infra;
}

/** A short random tag that keeps one test file's databases, subjects, streams and keys apart. */
export function runTag(): string {
  return randomBytes(5).toString('hex');
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database for one test file: `CREATE DATABASE` on the real server, else PGlite in memory. */
export async function createTestDatabase(infra: TestInfra = testInfra()): Promise<TestDatabase> {
  if (!infra.postgresUrl) return { url: 'pglite:memory', drop: async () => undefined };
  const name = `fm_test_${runTag()}`;
  const admin = new pg.Client({ connectionString: infra.postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(infra.postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: infra.postgresUrl! });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** Per-run bus names: subjects `<prefix>.<type>` captured by a stream of their own. */
export function testBusNames(tag: string = runTag()): { subjectPrefix: string; stream: string } {
  return { subjectPrefix: `t${tag}.freemarket`, stream: `FM_TEST_${tag.toUpperCase()}` };
}
