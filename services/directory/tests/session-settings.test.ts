import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

type Settings = { work_mem: string; jit: string; workers: string };

// PGlite (no DATABASE_URL) has neither JIT nor parallel workers; CI runs this on real Postgres.
describe.skipIf(!process.env.DATABASE_URL)('the directory database connections', () => {
  it('run with the settings search is tuned for, without an operator setting them', async () => {
    const result = (await sut.service.runtime.db.execute(
      sql`select current_setting('work_mem') as work_mem, current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers`,
    )) as { rows: Settings[] };
    expect(result.rows[0]).toEqual({ work_mem: '32MB', jit: 'off', workers: '0' });
  });
});
