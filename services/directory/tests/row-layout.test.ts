import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@freemarket/db';
import { newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
beforeAll(async () => {
  sut = await startDirectory();
});
afterAll(() => sut?.stop());

describe('stored places', () => {
  it('refuses a profile with one coordinate and not the other, even written past the API', async () => {
    const { profile } = await newProfile(sut, { latitude: 37.7749, longitude: -122.4194 });
    const db = sut.service.runtime.db;
    await expect(queryRows(db, sql`update directory.profiles set longitude = null where id = ${profile.id}`)).rejects.toMatchObject({ cause: { constraint: 'profiles_coordinates_paired' } });
    await expect(queryRows(db, sql`update directory.profiles set latitude = null, longitude = null where id = ${profile.id}`)).resolves.toBeDefined();
  });
});
