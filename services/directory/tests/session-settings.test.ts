import { afterAll, beforeAll, expect, it } from 'vitest';
import { needs } from '@freemarket/testing/needs';
import { sql } from 'drizzle-orm';
import { startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

type Settings = { work_mem: string; jit: string; workers: string };

// PGlite has neither JIT nor parallel workers.
needs('postgres', 'the JIT and parallel-worker settings of a real server').describe('the directory database connections', () => {
  it('run with the settings search is tuned for, without an operator setting them', async () => {
    const result = (await sut.service.runtime.db.execute(
      sql`select current_setting('work_mem') as work_mem, current_setting('jit') as jit, current_setting('max_parallel_workers_per_gather') as workers`,
    )) as { rows: Settings[] };
    expect(result.rows[0]).toEqual({ work_mem: '32MB', jit: 'off', workers: '0' });
  });
});
