import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '@freemarket/testing/needs';
import { profileMapResponseSchema, type ProfileMapResponse } from '@freemarket/contracts';
import { queryRows, type Database, type NotificationHandlers } from '@freemarket/db';
import { Random } from '@freemarket/demo';
import { createLogger } from '@freemarket/kit';
import { waitFor } from '@freemarket/testing';
import { eq, sql } from 'drizzle-orm';
import { profiles } from '../src/db/schema/index.js';
import { createDirectoryService, loadDirectoryConfig } from '../src/index.js';
import { nearby } from '../src/search/geo.js';
import { markerJson } from '../src/search/items.js';
import { MarkerCache } from '../src/search/marker-cache.js';
import { markers } from '../src/search/repository.js';
import { aroundPrepared, call, newMember, newProfile, startDirectory, type Directory } from './_util.js';

/** Kansas City, with profiles scattered over the nine 0.25° cells around it. */
const centre = { lat: 39.1, lng: -94.58 };
let sut: Directory;
let viewer: string;

/** The answer the statement gives, for comparison: what the map answered before markers were held. */
async function fromPostgres(at: { lat: number; lng: number }, radiusKm: number, limit: number): Promise<ProfileMapResponse> {
  const found = await markers(sut.service.runtime.db, nearby(at, radiusKm), limit, markerJson(viewer));
  return { items: found.items.map((m) => JSON.parse(m) as ProfileMapResponse['items'][number]), truncated: found.truncated };
}

async function map(as: string, at: { lat: number; lng: number }, radiusKm: number, limit = 500, directory = sut): Promise<ProfileMapResponse> {
  const res = await call<ProfileMapResponse>(directory, as, 'GET', `/api/profiles/map?lat=${at.lat}&lng=${at.lng}&radius=${radiusKm}&limit=${limit}`);
  expect(res.status).toBe(200);
  return profileMapResponseSchema.strict().parse(res.body);
}

const cache = (directory = sut) => directory.service.ctx.markerCache!;

beforeAll(async () => {
  sut = await startDirectory();
  viewer = (await newMember(sut)).id;
  const random = new Random(11);
  const rows = Array.from({ length: 400 }, () => ({
    latitude: (centre.lat + (random.next() - 0.5) * 0.7).toFixed(7),
    longitude: (centre.lng + (random.next() - 0.5) * 0.9).toFixed(7),
  }));
  // Straight into the table: the API would take a member and a request apiece.
  const owners = await Promise.all(rows.map(() => newMember(sut)));
  await sut.service.runtime.db.insert(profiles).values(rows.map((r, i) => ({ ...r, userId: owners[i]!.id, title: `Profile ${i}`, isServiceProvider: i % 3 === 0 })));
});
afterAll(() => sut?.stop());

describe('the map answered from markers held in memory', () => {
  it('gives exactly the markers, order and cut the statement gives, for small and wide circles and every limit', async () => {
    const random = new Random(5);
    const answered = cache().stats.answered;
    for (let i = 0; i < 12; i++) {
      const at = { lat: Number((centre.lat + (random.next() - 0.5) * 0.5).toFixed(6)), lng: Number((centre.lng + (random.next() - 0.5) * 0.6).toFixed(6)) };
      for (const [radius, limit] of [[1, 500], [5, 10], [10, 500], [25, 37], [50, 10_000]] as const) {
        expect(await map(viewer, at, radius, limit), `${radius} km around ${at.lat},${at.lng}, limit ${limit}`).toEqual(await fromPostgres(at, radius, limit));
      }
    }
    expect(cache().stats).toMatchObject({ live: true, markers: 400, answered: answered + 12 * 5 });
    expect(cache().stats.cells).toBeGreaterThanOrEqual(9);
  });

  it('gives the statement’s answers across the antimeridian and far north too', async () => {
    const random = new Random(23);
    const places = [{ lat: -17.8, lng: 179.99 }, { lat: 71.3, lng: -156.6 }];
    const owners = await Promise.all(Array.from({ length: 120 }, () => newMember(sut)));
    await sut.service.runtime.db.insert(profiles).values(
      owners.map((o, i) => {
        const place = places[i % 2]!;
        const lng = place.lng + (random.next() - 0.5) * 0.8;
        return { userId: o.id, latitude: (place.lat + (random.next() - 0.5) * 0.3).toFixed(7), longitude: (lng > 180 ? lng - 360 : lng).toFixed(7) };
      }),
    );
    const answered = cache().stats.answered;
    for (const place of places) {
      for (const [radius, limit] of [[5, 10], [20, 500], [40, 30]] as const) {
        expect(await map(viewer, place, radius, limit), `${radius} km around ${place.lat},${place.lng}`).toEqual(await fromPostgres(place, radius, limit));
      }
    }
    expect(cache().stats.answered).toBe(answered + 6);
    const across = (await map(viewer, places[0]!, 20, 500)).items.map((m) => Number(m.longitude));
    expect(across.some((lng) => lng > 0) && across.some((lng) => lng < 0)).toBe(true);
    expect((await map(viewer, places[1]!, 20, 500)).items.length).toBeGreaterThan(10);
  });

  it('shows a change at once to the member who made it: a new profile, a move, a new name, a rating and a profile removed', async () => {
    const here = { lat: 39.11, lng: -94.6 };
    await map(viewer, here, 2);
    const { member, profile } = await newProfile(sut, { latitude: here.lat, longitude: here.lng, title: 'Fresh baker' });
    expect((await map(member.id, here, 2)).items.find((m) => m.id === profile.id)).toMatchObject({ title: 'Fresh baker' });

    const there = { lat: 39.3, lng: -94.3 };
    await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { latitude: String(there.lat), longitude: String(there.lng), title: 'Moved baker' });
    expect((await map(member.id, here, 2)).items.map((m) => m.id)).not.toContain(profile.id);
    expect((await map(member.id, there, 2)).items.find((m) => m.id === profile.id)).toMatchObject({ title: 'Moved baker', latitude: there.lat.toFixed(7) });

    await sut.service.runtime.db.update(profiles).set({ averageRating: '4.50', reviewCount: 2 }).where(eq(profiles.id, profile.id));
    await waitFor('the new rating on the map', async () => (await map(viewer, there, 2)).items.find((m) => m.id === profile.id)?.averageRating === '4.50');

    await sut.service.runtime.db.delete(profiles).where(eq(profiles.id, profile.id));
    await waitFor('the removed profile gone from the map', async () => !(await map(viewer, there, 2)).items.some((m) => m.id === profile.id));
    expect(await map(viewer, there, 30, 10_000)).toEqual(await fromPostgres(there, 30, 10_000));
  });

  it('counts the writes that can change a marker, not reads or other writes', async () => {
    const { member, profile } = await newProfile(sut, { latitude: 39.3, longitude: -94.9 });
    const writes = cache().stats.writes;
    await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { title: 'Counted' });
    expect(cache().stats.writes).toBe(writes + 1);
    await map(member.id, { lat: 39.3, lng: -94.9 }, 1);
    const business = await newProfile(sut, { isServiceProvider: true });
    expect(cache().stats.writes).toBe(writes + 2);
    expect((await call(sut, member.id, 'POST', '/api/favorite-businesses', { businessUserId: business.member.id })).status).toBe(201);
    expect((await call(sut, member.id, 'PUT', `/api/profiles/${profile.id}`, { latitude: 'not a number' })).status).toBe(400);
    expect(cache().stats.writes).toBe(writes + 2);
  });

  it('keeps its owner’s skills on a marker whose professional info is private, and only for them', async () => {
    const at = { lat: 39.05, lng: -94.5 };
    const { member, profile } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, professionalInfoIsPublic: false });
    const [skill] = await queryRows<{ id: string }>(sut.service.runtime.db, sql`select id from directory.skills order by name limit 1`);
    expect((await call(sut, member.id, 'POST', '/api/user-skills', { profileId: profile.id, skillId: skill!.id })).status).toBe(201);
    await waitFor('the skill on the owner’s marker', async () => (await map(member.id, at, 1)).items.find((m) => m.id === profile.id)?.skills?.length === 1);
    expect((await map(viewer, at, 1)).items.find((m) => m.id === profile.id)).not.toHaveProperty('skills');
    expect(cache().stats.live).toBe(true);
  });

  it('holds at most its budget of markers, dropping the cells used least recently, and still answers every circle', async () => {
    const small = await startDirectory({ MAP_CACHE_MARKERS: '120' });
    try {
      const owners = await Promise.all(Array.from({ length: 150 }, () => newMember(small)));
      // 50 profiles in each of three towns in cells of their own, the first two 35 km apart.
      const towns = [{ lat: 38.1, lng: -97.1 }, { lat: 38.1, lng: -96.7 }, { lat: 35.1, lng: -90.1 }];
      await small.service.runtime.db.insert(profiles).values(owners.map((o, i) => ({ userId: o.id, latitude: (towns[i % 3]!.lat + Math.floor(i / 3) * 0.001).toFixed(7), longitude: towns[i % 3]!.lng.toFixed(7) })));
      for (const town of [...towns, ...towns]) {
        expect((await map(viewer, town, 10, 500, small)).items).toHaveLength(50);
        expect(cache(small).stats.markers).toBeLessThanOrEqual(120);
      }
      // Each town read twice: the third pushed out the first.
      const { cellsRead, cellsDropped } = cache(small).stats;
      expect(cellsDropped).toBeGreaterThan(0);
      expect(cellsRead).toBe(2 * cellsDropped + cache(small).stats.cells - cellsDropped);
      // A circle over two towns' cells (over half the budget, now that their sizes are known) goes to Postgres.
      expect((await map(viewer, towns[0]!, 40, 10_000, small)).items).toHaveLength(100);
      expect(cache(small).stats.cellsRead).toBe(cellsRead);
    } finally {
      await small.stop();
    }
  });
});

describe('instances sharing a database', () => {
  needs('postgres', 'a notification from another instance through LISTEN/NOTIFY').it('see each other’s changes on the map', async () => {
    const other = await createDirectoryService(loadDirectoryConfig({ ...process.env, DATABASE_URL: sut.config.db.url, HOST: '127.0.0.1', PORT: '0', ASSERTION_PUBLIC_KEY: sut.config.auth.assertionPublicKey }), {
      logger: createLogger('directory', 'silent'),
      bus: sut.bus,
    });
    const url = (await other.start()).url;
    try {
      const second = { ...sut, url, service: other };
      const at = { lat: 39.2, lng: -94.7 };
      await map(viewer, at, 3, 500, second);
      const { profile } = await newProfile(sut, { latitude: at.lat, longitude: at.lng, title: 'Seen elsewhere' });
      await waitFor('the other instance’s marker', async () => (await map(viewer, at, 3, 500, second)).items.some((m) => m.id === profile.id));
      expect(await map(viewer, at, 3, 500, second)).toEqual(await map(viewer, at, 3, 500));
    } finally {
      await other.destroy();
    }
  });
});

describe('when notifications are lost', () => {
  needs('postgres', 'LISTEN/NOTIFY lost and restored').it('answers from Postgres, changes included, until they flow again, then holds markers anew', async () => {
    const at = { lat: 39.15, lng: -94.55 };
    await map(viewer, at, 5);
    expect(cache().stats.markers).toBeGreaterThan(0);
    const listeners = await queryRows(sut.service.runtime.db, sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'listen:directory_markers' and datname = current_database()`);
    expect(listeners).toHaveLength(1);
    await waitFor('the cache to notice', () => !cache().stats.live);
    expect(cache().stats).toMatchObject({ cells: 0, markers: 0 });
    const [owner] = await Promise.all([newMember(sut)]);
    const [made] = await sut.service.runtime.db.insert(profiles).values({ userId: owner!.id, latitude: String(at.lat), longitude: String(at.lng), title: 'Made while deaf' }).returning();
    const answered = cache().stats.answered;
    expect((await map(viewer, at, 5)).items.map((m) => m.id)).toContain(made!.id);
    // Reconnecting takes 250 ms at least, so the question was almost surely Postgres's; if the
    // listener came back meanwhile, the cache read the cell afresh and may have answered.
    if (!cache().stats.live) expect(cache().stats.answered).toBe(answered);
    await waitFor('notifications to flow again', () => cache().stats.live);
    expect(await map(viewer, at, 5)).toEqual(await fromPostgres(at, 5, 500));
    expect(cache().stats.markers).toBeGreaterThan(0);
  });
});

describe('changes racing with reads', () => {
  /** A cache over the test's database whose notifications the test delivers, and whose re-reads it may hold up. */
  async function controlled(options: { budget?: number; holdRereads?: Promise<void>; rereading?: () => void; rereadMs?: number; sync?: () => Promise<boolean> } = {}) {
    let db = sut.service.runtime.db;
    if (options.holdRereads || options.rereadMs) {
      // The re-read statement runs, then its answer waits for the test: a read that comes back late.
      db = aroundPrepared(db, 'map_markers_by_id', async (execute) => {
        const rows = await execute();
        options.rereading?.();
        await options.holdRereads;
        if (options.rereadMs) await new Promise((resolve) => setTimeout(resolve, options.rereadMs));
        return rows;
      });
    }
    let handlers: NotificationHandlers | undefined;
    const database = {
      db,
      listen: async (_channel: string, h: NotificationHandlers) => {
        handlers = h;
        h.listening();
        return { close: async () => undefined, sync: options.sync ?? (async () => true) };
      },
    } as unknown as Database;
    const held = await MarkerCache.start(database, options.budget ?? 1_000_000, createLogger('directory', 'silent'));
    return { held, notify: (payload: string) => handlers!.notify(payload) };
  }

  async function placed(at: { lat: number; lng: number }, title: string) {
    const owner = await newMember(sut);
    const [row] = await sut.service.runtime.db.insert(profiles).values({ userId: owner.id, latitude: at.lat.toFixed(7), longitude: at.lng.toFixed(7), title }).returning();
    return row!;
  }

  const town = (at: { lat: number; lng: number }, n: number, title = 'T') => Promise.all(Array.from({ length: n }, (_, i) => placed({ lat: at.lat + i * 0.0001, lng: at.lng }, title)));

  it('never answers from memory for cells let go while the question waited', async () => {
    // Three towns of 20, room for two: each round's questions push out one another's cells.
    const towns = [{ lat: 44.1, lng: -103.1 }, { lat: 46.1, lng: -100.1 }, { lat: 45.1, lng: -106.1 }];
    for (const at of towns) await town(at, 20);
    const { held } = await controlled({ budget: 45 });
    let fromMemory = 0;
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all(towns.map((at) => held.nearest(at, 2, 100)));
      for (const answer of answers) {
        if (!answer) continue;
        fromMemory++;
        expect(answer.markers).toHaveLength(20);
      }
    }
    expect(held.stats.cellsDropped).toBeGreaterThan(0);
    expect(fromMemory).toBeGreaterThan(0);
    await held.close();
  });

  it('makes sure a write this instance answered was heard before the next question, however late its notification', async () => {
    const at = { lat: 40.1, lng: -104.1 };
    const [x] = await town(at, 1, 'Before');
    let echo!: (heard: boolean) => void;
    const { held, notify } = await controlled({ sync: () => new Promise<boolean>((resolve) => (echo = resolve)) });
    const titles = async () => (await held.nearest(at, 2, 100))!.markers.map((m) => (JSON.parse(m.json) as { title: string }).title);
    expect(await titles()).toEqual(['Before']);
    await sut.service.runtime.db.update(profiles).set({ title: 'After' }).where(eq(profiles.id, x!.id));
    held.wroteProfiles();
    const question = titles();
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The write's notification comes late, then the listener's own echo.
    notify(`${x!.id} ${x!.geoCell} ${x!.geoCell}`);
    echo(true);
    expect(await question).toEqual(['After']);
    await held.close();
  });

  it('leaves a question to Postgres when the sync after a write is slow, and needs no new one once it is heard', async () => {
    const at = { lat: 39.6, lng: -104.6 };
    await town(at, 3);
    let syncs = 0;
    let echo!: (heard: boolean) => void;
    const { held } = await controlled({ sync: () => (syncs++, new Promise<boolean>((resolve) => (echo = resolve))) });
    expect(await held.nearest(at, 2, 100)).toBeDefined();
    held.wroteProfiles();
    const started = Date.now();
    expect(await held.nearest(at, 2, 100)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
    echo(true); // heard late: it still counts
    await null;
    expect((await held.nearest(at, 2, 100))!.markers).toHaveLength(3);
    expect(syncs).toBe(1);
    await held.close();
  });

  it('never answers from memory after forgetting everything while the question waited', async () => {
    const at = { lat: 41.1, lng: -102.1 };
    await town(at, 5);
    const { held, notify } = await controlled();
    expect((await held.nearest(at, 2, 100))!.markers).toHaveLength(5);
    const question = held.nearest(at, 2, 100);
    // The question's cells are held; it now waits a turn for notifications already on their way.
    for (let i = 0; i < 10; i++) await null;
    notify('*');
    expect(await question).toBeUndefined();
    expect((await held.nearest(at, 2, 100))!.markers).toHaveLength(5);
    await held.close();
  });

  it('answers from memory while changes elsewhere keep coming, waiting only for those heard before the question', async () => {
    const [busy, quiet] = [{ lat: 42.1, lng: -105.1 }, { lat: 43.6, lng: -108.1 }];
    const busyOnes = await town(busy, 10);
    await town(quiet, 10);
    const { held, notify } = await controlled({ rereadMs: 5 });
    await held.nearest(busy, 2, 100);
    await held.nearest(quiet, 2, 100);
    let n = 0;
    const changes = setInterval(() => {
      const x = busyOnes[n++ % busyOnes.length]!;
      notify(`${x.id} ${x.geoCell} ${x.geoCell}`);
    }, 2);
    try {
      // Waiting for every read-back, as before, none came from memory (each gave up after 100 ms).
      let fromMemory = 0;
      for (let i = 0; i < 20; i++) if (await held.nearest(quiet, 2, 100)) fromMemory++;
      expect(fromMemory).toBeGreaterThanOrEqual(15);
    } finally {
      clearInterval(changes);
      await held.close();
    }
  });

  const ids = async (held: MarkerCache, at: { lat: number; lng: number }) => (await held.nearest(at, 2, 100))!.markers.map((m) => m.id);

  it('holds a profile that moved into a cell read before its notification came once, where it is now', async () => {
    const { held, notify } = await controlled();
    const [a, c] = [{ lat: 36.1, lng: -95.9 }, { lat: 37.7, lng: -97.3 }];
    const x = await placed(a, 'Mover');
    expect(await ids(held, a)).toContain(x.id);
    await sut.service.runtime.db.update(profiles).set({ latitude: c.lat.toFixed(7), longitude: c.lng.toFixed(7) }).where(eq(profiles.id, x.id));
    // The cell it moved to is read first; its notification comes after.
    expect(await ids(held, c)).toContain(x.id);
    notify(`${x.id} ${x.geoCell} ${Math.floor(c.lat * 4) * 2000 + Math.floor(c.lng * 4)}`);
    await waitFor('the move read back', async () => !(await ids(held, a)).includes(x.id));
    expect(await ids(held, c)).toContain(x.id);
    await sut.service.runtime.db.delete(profiles).where(eq(profiles.id, x.id));
    notify(`${x.id} ${Math.floor(c.lat * 4) * 2000 + Math.floor(c.lng * 4)} `);
    await waitFor('the removal read back', async () => !(await ids(held, c)).includes(x.id));
    expect(await ids(held, a)).not.toContain(x.id);
    await held.close();
  });

  it('does not let a late re-read overwrite a newer read of a cell let go and read again meanwhile', async () => {
    let release!: () => void;
    let rereading!: () => void;
    const reread = new Promise<void>((resolve) => (rereading = resolve));
    const towns = [{ lat: 30.1, lng: -90.1 }, { lat: 32.1, lng: -92.1 }, { lat: 34.1, lng: -94.1 }];
    const people = await Promise.all(towns.flatMap((town) => Array.from({ length: 20 }, (_, i) => placed({ lat: town.lat + i * 0.0001, lng: town.lng }, 'S0'))));
    const { held, notify } = await controlled({ budget: 50, holdRereads: new Promise<void>((resolve) => (release = resolve)), rereading });
    const x = people[0]!;
    expect((await held.nearest(towns[0]!, 2, 100))!.markers.find((m) => m.id === x.id)!.json).toContain('"S0"');
    await sut.service.runtime.db.update(profiles).set({ title: 'S1' }).where(eq(profiles.id, x.id));
    notify(`${x.id} ${x.geoCell} ${x.geoCell}`);
    await reread; // S1 read, its answer held up
    await sut.service.runtime.db.update(profiles).set({ title: 'S2' }).where(eq(profiles.id, x.id));
    await held.nearest(towns[1]!, 2, 100);
    await held.nearest(towns[2]!, 2, 100);
    expect(held.stats.cellsDropped).toBeGreaterThan(0); // the first town's cell is let go
    notify(`${x.id} ${x.geoCell} ${x.geoCell}`); // S2's notification, while nothing of that town is held
    await held.nearest(towns[0]!, 2, 100); // reads the town again (S2); Postgres answers while the re-read is held up
    release();
    const title = await waitFor('an answer from memory', async () => {
      const answer = await held.nearest(towns[0]!, 2, 100);
      return answer && (JSON.parse(answer.markers.find((m) => m.id === x.id)!.json) as { title: string }).title;
    });
    expect(title).toBe('S2');
    await held.close();
  });
});
