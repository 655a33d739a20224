import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@freemarket/db';
import { newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

describe('the profile row', () => {
  it('keeps what searches read row by row in the row itself: the skills document', async () => {
    const rows = await queryRows<{ attname: string; attstorage: string }>(
      sut.service.runtime.db,
      sql`select attname, attstorage from pg_attribute
        where attrelid = 'directory.profiles'::regclass and attname in ('skills_tsv', 'all_tsv', 'user_skills_json') order by attname`,
    );
    // 'm' (MAIN): moved out of line only if nothing else can be; 'x' (EXTENDED): out of line first.
    expect(Object.fromEntries(rows.map((r) => [r.attname, r.attstorage]))).toEqual({ all_tsv: 'x', skills_tsv: 'm', user_skills_json: 'x' });
  });
});

describe('search planning', () => {
  it('tells the planner what tagging a document with its grid cell costs, so it never does that row by row to thousands of rows', async () => {
    const rows = await queryRows<{ procost: number }>(sut.service.runtime.db, sql`select procost from pg_proc where oid = 'directory.cell_document(tsvector, integer)'::regprocedure`);
    expect(rows).toEqual([{ procost: 1000 }]);
  });
});

describe('stored places', () => {
  it('refuses a profile with one coordinate and not the other, even written past the API', async () => {
    const { profile } = await newProfile(sut, { latitude: 37.7749, longitude: -122.4194 });
    const db = sut.service.runtime.db;
    await expect(queryRows(db, sql`update directory.profiles set longitude = null where id = ${profile.id}`)).rejects.toMatchObject({ cause: { constraint: 'profiles_coordinates_paired' } });
    await expect(queryRows(db, sql`update directory.profiles set latitude = null, longitude = null where id = ${profile.id}`)).resolves.toBeDefined();
  });
});
