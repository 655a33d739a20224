import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '@freemarket/testing/needs';
import { profileSearchPageSchema, type Profile, type ProfileSearchPage } from '@freemarket/contracts';
import { queryRows, type Database, type NotificationHandlers } from '@freemarket/db';
import { createLogger } from '@freemarket/kit';
import { waitFor } from '@freemarket/testing';
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Actor } from '@freemarket/kit';
import { profiles, users } from '../src/db/schema/index.js';
import { createDirectoryService, loadDirectoryConfig } from '../src/index.js';
import { ITEM_CHANNEL, ItemCache } from '../src/search/item-cache.js';
import { searchItemJson } from '../src/search/items.js';
import { SearchService } from '../src/search/service.js';
import { aroundPrepared, call, newMember, newProfile, startDirectory, type Directory } from './_util.js';

let sut: Directory;
let viewer: string;

const cache = (directory = sut) => directory.service.ctx.itemCache!;

/** Everyone within 2 km of `at`, nearest first, as `as` sees them. */
async function near(as: string, at: { lat: number; lng: number }, directory = sut): Promise<ProfileSearchPage> {
  const res = await call<ProfileSearchPage>(directory, as, 'GET', `/api/profiles/location?lat=${at.lat}&lng=${at.lng}&radius=2&limit=50`);
  expect(res.status).toBe(200);
  return profileSearchPageSchema.strict().parse(res.body);
}

/** A directory instance of its own on the same database and bus, with `env` on top. */
async function anotherInstance(env: Record<string, string> = {}): Promise<{ directory: Directory; stop: () => Promise<void> }> {
  const service = await createDirectoryService(
    loadDirectoryConfig({ ...process.env, DATABASE_URL: sut.config.db.url, HOST: '127.0.0.1', PORT: '0', ASSERTION_PUBLIC_KEY: sut.config.auth.assertionPublicKey, ...env }),
    { logger: createLogger('directory', 'silent'), bus: sut.bus },
  );
  const url = (await service.start()).url;
  return { directory: { ...sut, url, service }, stop: () => service.destroy() };
}

beforeAll(async () => {
  sut = await startDirectory();
  viewer = (await newMember(sut)).id;
});
afterAll(() => sut?.stop());

describe('search results held in memory', () => {
  it('answers the same results as Postgres writes them, and holds them for the next search', async () => {
    const at = { lat: 41.1, lng: -97.1 };
    await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Grain elevator', phone: '555-0101', contactInfoIsPublic: false });
    await newProfile(sut, { latitude: at.lat + 0.001, longitude: at.lng, title: 'Seed store', website: 'https://seed.example' });
    const first = await near(viewer, at);
    const hits = cache().stats.hits;
    const second = await near(viewer, at);
    expect(cache().stats.hits).toBe(hits + 2);
    expect(second).toEqual(first);
    // The same search with nothing held: every result written by Postgres.
    const uncached = new SearchService(sut.service.runtime.db);
    const query = { lat: at.lat, lng: at.lng, radius: 2, limit: 50 };
    expect(JSON.parse(await uncached.nearbyProfiles({ userId: viewer } as Actor, query))).toEqual(first);
    expect(first.items.map((i) => i.title)).toEqual(['Grain elevator', 'Seed store']);
    expect(first.items[0]).not.toHaveProperty('phone');
  });

  it('gives the owner their own result with its private sections, and everyone else the held one without them', async () => {
    const at = { lat: 41.2, lng: -97.2 };
    const { member, profile } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Quiet tailor', phone: '555-0102', address: '1 Main St', contactInfoIsPublic: false });
    const others = await near(viewer, at);
    expect(others.items[0]).not.toHaveProperty('phone');
    expect(others.items[0]!.user.email).toBeNull();
    const own = await near(member.id, at);
    expect(own.items[0]).toMatchObject({ id: profile.id, phone: '555-0102', address: '1 Main St', user: { email: member.email } });
    expect((await near(viewer, at)).items[0]).toEqual(others.items[0]);
  });

  it('shows a change on the next search at the instance that took the write: the profile, a review, skills, certifications', async () => {
    const at = { lat: 41.3, lng: -97.3 };
    const { member, profile } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Before' });
    const seen = async () => (await near(viewer, at)).items[0]!;
    await seen();
    const hits = cache().stats.hits;
    await seen();
    expect(cache().stats.hits).toBe(hits + 1);
    expect((await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { title: 'After' })).status).toBe(200);
    expect(await seen()).toMatchObject({ title: 'After' });
    expect((await call(sut, viewer, 'POST', '/api/reviews', { revieweeId: member.id, rating: 4, comment: 'Good work' })).status).toBe(201);
    expect(await seen()).toMatchObject({ averageRating: '4.00', reviewCount: 1 });
    const added = await call(sut, member.id, 'POST', '/api/certifications', { profileId: profile.id, name: 'Journeyman licence', issuer: 'State board' });
    expect(added.status).toBe(201);
    expect((await seen()).certifications?.map((c) => c.name)).toEqual(['Journeyman licence']);
    expect(cache().stats.writes).toBeGreaterThanOrEqual(3);
  });

  it('shows a change to the member’s name or email in the users projection', async () => {
    const at = { lat: 41.4, lng: -97.4 };
    const { member } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Renamed' });
    await near(viewer, at);
    await sut.service.runtime.db.update(users).set({ firstName: 'Newname', email: 'new@example.com' }).where(eq(users.id, member.id));
    await waitFor('the new name', async () => (await near(viewer, at)).items[0]!.user.firstName === 'Newname');
    expect((await near(viewer, at)).items[0]!.user).toMatchObject({ firstName: 'Newname', email: 'new@example.com' });
  });

  needs('postgres', 'a notification from another instance through LISTEN/NOTIFY').it('shows another instance’s change once that instance’s notification arrives', async () => {
    const at = { lat: 41.5, lng: -97.5 };
    const { member, profile } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Elsewhere' });
    const { directory: second, stop } = await anotherInstance();
    try {
      await near(viewer, at, second);
      expect((await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { title: 'Changed elsewhere' })).status).toBe(200);
      await waitFor('the other instance’s result', async () => (await near(viewer, at, second)).items[0]!.title === 'Changed elsewhere');
      expect(second.service.ctx.itemCache!.stats.dropped).toBeGreaterThan(0);
    } finally {
      await stop();
    }
  });
});

describe('what drops a held result', () => {
  it('is a change to any column a result shows, of the profile or of its member in the users projection', async () => {
    const { member, profile } = await newProfile(sut, { latitude: 41.9, longitude: -97.9, title: 'Watched' });
    const heard: string[] = [];
    const listener = await sut.service.runtime.database.listen(ITEM_CHANNEL, { notify: (p) => heard.push(p), listening: () => undefined, lost: () => undefined });
    try {
      // The columns as the result's statement names them, so a field added later is covered here too.
      const shown = new PgDialect().sqlToQuery(searchItemJson('someone')).sql;
      const columnsOf = (table: string) => [...new Set([...shown.matchAll(new RegExp(`"directory"\\."${table}"\\."([a-z_]+)"`, 'g'))].map((m) => m[1]!))];
      const profileColumns = columnsOf('profiles').filter((c) => c !== 'id');
      const userColumns = columnsOf('users').filter((c) => c !== 'id');
      expect(profileColumns).toEqual(expect.arrayContaining(['title', 'phone', 'average_rating', 'user_skills_json', 'certifications_json', 'contact_info_is_public', 'user_id']));
      expect(userColumns).toEqual(expect.arrayContaining(['first_name', 'email', 'profile_image_url']));
      const types = new Map(
        (await queryRows<{ table_name: string; column_name: string; data_type: string }>(
          sut.service.runtime.db,
          sql`select table_name, column_name, data_type from information_schema.columns where table_schema = 'directory' and table_name in ('profiles', 'users')`,
        )).map((r) => [`${r.table_name}.${r.column_name}`, r.data_type]),
      );
      const changed = (column: string, type: string | undefined) => {
        const c = sql.identifier(column);
        if (column === 'user_id') return sql`${'moved-' + member.id}`;
        if (type === 'boolean') return sql`not ${c}`;
        if (type === 'integer' || type === 'numeric') return sql`${c} + 1`;
        if (type === 'json') return sql`'[{"changed":true}]'::json`;
        if (type === 'text') return sql`coalesce(${c}, '') || 'x'`;
        throw new Error(`no change written for ${column} (${type})`);
      };
      const expectHeard = async (what: string) => {
        await waitFor(`a notification after ${what}`, async () => heard.includes(profile.id));
        heard.length = 0;
      };
      for (const column of profileColumns) {
        if (column === 'user_id') await newMember(sut).then((m) => queryRows(sut.service.runtime.db, sql`update directory.users set id = ${'moved-' + member.id} where id = ${m.id}`));
        await queryRows(sut.service.runtime.db, sql`update directory.profiles set ${sql.identifier(column)} = ${changed(column, types.get(`profiles.${column}`))} where id = ${profile.id}`);
        await expectHeard(`profiles.${column}`);
      }
      const owner = `moved-${member.id}`;
      for (const column of userColumns) {
        await queryRows(sut.service.runtime.db, sql`update directory.users set ${sql.identifier(column)} = ${changed(column, types.get(`users.${column}`))} where id = ${owner}`);
        await expectHeard(`users.${column}`);
      }
      // And nothing for a column no result shows: once the listener has heard everything sent so far, nothing came.
      await queryRows(sut.service.runtime.db, sql`update directory.profiles set passions = 'gardening' where id = ${profile.id}`);
      expect(await listener.sync()).toBe(true);
      expect(heard).toEqual([]);
    } finally {
      await listener.close();
    }
  });
});

describe('a profile deleted between finding a page and writing its results', () => {
  /** The service's database, but profile `id` is deleted just before a page's results are read. */
  const deletingFirst = (id: string) =>
    aroundPrepared(sut.service.runtime.db, 'search_items_by_id', async (execute) => {
      await sut.service.runtime.db.delete(profiles).where(eq(profiles.id, id));
      return execute();
    });

  it('is left out of that page, and the next page neither repeats nor skips the others', async () => {
    const at = { lat: 41.7, lng: -97.7 };
    const made: Profile[] = [];
    for (let i = 0; i < 3; i++) made.push((await newProfile(sut, { latitude: at.lat + i * 0.001, longitude: at.lng, title: `Row ${i}` })).profile);
    const search = new SearchService(deletingFirst(made[0]!.id));
    const query = { lat: at.lat, lng: at.lng, radius: 2, limit: 2 };
    const first = profileSearchPageSchema.parse(JSON.parse(await search.nearbyProfiles({ userId: viewer } as Actor, query)));
    expect(first.items.map((i) => i.title)).toEqual(['Row 1']);
    const next = profileSearchPageSchema.parse(JSON.parse(await search.nearbyProfiles({ userId: viewer } as Actor, { ...query, cursor: first.nextCursor! })));
    expect(next.items.map((i) => i.title)).toEqual(['Row 2']);
    expect(next.nextCursor).toBeNull();
  });

  it('is found again when it was the whole page, so an empty page never comes with a cursor', async () => {
    const at = { lat: 41.8, lng: -97.8 };
    const made: Profile[] = [];
    for (let i = 0; i < 3; i++) made.push((await newProfile(sut, { latitude: at.lat + i * 0.001, longitude: at.lng, title: `Only ${i}` })).profile);
    const search = new SearchService(deletingFirst(made[0]!.id));
    const page = profileSearchPageSchema.parse(JSON.parse(await search.nearbyProfiles({ userId: viewer } as Actor, { lat: at.lat, lng: at.lng, radius: 2, limit: 1 })));
    expect(page.items.map((i) => i.title)).toEqual(['Only 1']);
    expect(page.nextCursor).not.toBeNull();
  });
});

describe('the results cache itself', () => {
  /** An ItemCache over a listener the test drives. */
  async function controlled(budget = 100, sync: () => Promise<boolean> = async () => true) {
    let handlers: NotificationHandlers | undefined;
    const database = {
      listen: async (_channel: string, h: NotificationHandlers) => {
        handlers = h;
        h.listening();
        return { close: async () => undefined, sync };
      },
    } as unknown as Database;
    const held = await ItemCache.start(database, budget, createLogger('directory', 'silent'));
    return { held, handlers: () => handlers! };
  }
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

  it('does not keep a result read while a change to it was heard', async () => {
    const { held, handlers } = await controlled();
    const read = held.reading();
    handlers().notify(id(1));
    read.keep(id(1), '{"title":"old"}');
    read.keep(id(2), '{"title":"fine"}');
    read.done();
    expect(held.get(id(1))).toBeUndefined();
    expect(held.get(id(2))).toBe('{"title":"fine"}');
    handlers().notify(id(2));
    expect(held.get(id(2))).toBeUndefined();
    expect(held.stats.dropped).toBe(1);
  });

  it('is usable only once the notifications of this instance’s writes are heard, and not at all if that takes over 100 ms', async () => {
    let echo!: (heard: boolean) => void;
    let syncs = 0;
    const { held } = await controlled(100, () => {
      syncs++;
      return new Promise((resolve) => (echo = resolve));
    });
    expect(await held.usable()).toBe(true);
    expect(syncs).toBe(0);
    held.wroteProfiles();
    let answered: boolean | undefined;
    const asked = held.usable().then((usable) => (answered = usable));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(syncs).toBe(1);
    expect(answered).toBeUndefined();
    echo(true);
    await asked;
    expect(answered).toBe(true);
    expect(await held.usable()).toBe(true);
    held.wroteProfiles();
    const started = Date.now();
    expect(await held.usable()).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('holds at most its budget, dropping the least recently used', async () => {
    const { held } = await controlled(2);
    const read = held.reading();
    read.keep(id(1), '1');
    read.keep(id(2), '2');
    expect(held.get(id(1))).toBe('1');
    read.keep(id(3), '3');
    read.done();
    expect([held.get(id(1)), held.get(id(2)), held.get(id(3))]).toEqual(['1', undefined, '3']);
  });

  it('holds nothing, and keeps nothing read meanwhile, while notifications are lost; `*` forgets everything', async () => {
    const { held, handlers } = await controlled();
    const before = held.reading();
    before.keep(id(1), '1');
    handlers().notify('*');
    expect(held.get(id(1))).toBeUndefined();
    const read = held.reading();
    handlers().lost();
    expect(await held.usable()).toBe(false);
    read.keep(id(2), '2');
    handlers().listening();
    read.keep(id(3), '3');
    expect(await held.usable()).toBe(true);
    expect([held.get(id(2)), held.get(id(3))]).toEqual([undefined, undefined]);
  });
});

describe('when notifications are lost', () => {
  needs('postgres', 'LISTEN/NOTIFY lost and restored').it('reads every result from Postgres until they flow again, then holds results anew', async () => {
    const at = { lat: 41.6, lng: -97.6 };
    const { member, profile } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Steady' });
    await near(viewer, at);
    await queryRows(sut.service.runtime.db, sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listen:directory_items' and datname = current_database()`);
    await waitFor('the lost listener noticed', async () => !cache().stats.live);
    await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { title: 'Changed while deaf' });
    expect((await near(viewer, at)).items[0]!.title).toBe('Changed while deaf');
    await waitFor('listening again', async () => cache().stats.live);
    await near(viewer, at);
    const hits = cache().stats.hits;
    expect((await near(viewer, at)).items[0]!.title).toBe('Changed while deaf');
    expect(cache().stats.hits).toBe(hits + 1);
  });
});
