import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { resolvedInfra } from './infra-handoff.js';

/**
 * The real components a test run talks to (ARCHITECTURE §8), as chosen once at its start (see
 * infra-discovery.ts): a URL for each service found, null where the embedded part stands in.
 */
export interface TestInfra {
  /** Base server URL, or null for PGlite. */
  postgresUrl: string | null;
  natsUrl: string | null;
  redisUrl: string | null;
}

export function testInfra(): TestInfra {
  const infra = resolvedInfra();
  return { postgresUrl: infra.postgres.at, natsUrl: infra.nats.at, redisUrl: infra.redis.at };
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
