import { sql } from 'drizzle-orm';
import { preparedStatement, type Database, type Db } from '@freemarket/db';
import type { Logger } from '@freemarket/kit';
import { profiles as p } from '../db/schema/index.js';
import { cellsIn, circleBounds, EARTH_RADIUS_M, type CircleBounds } from './cells.js';
import type { LatLng } from './geo.js';
import { isUuid } from '../shared/uuid.js';
import { ChangeFeed } from './change-feed.js';

/** The channel migration 0007's triggers notify: `<profile id> <old cell> <new cell>`, or `*`. */
export const MARKER_CHANNEL = 'directory_markers';

/** Markers are grouped in buckets of this many degrees a side, the unit a nearest-first search visits. */
const BUCKET_DEGREES = 0.01;
const BUCKET_COLUMNS = Math.round(360 / BUCKET_DEGREES);
/** Rows and columns come out of floating-point division; a marker's own bucket and a search's agree on them. */
const bucketRow = (lat: number) => Math.floor(lat / BUCKET_DEGREES);
const bucketColumn = (lng: number) => Math.floor(lng / BUCKET_DEGREES);
/** Columns past ±180° are the ones on the other side of the antimeridian. */
const bucketKey = (row: number, column: number) => row * BUCKET_COLUMNS + (((column % BUCKET_COLUMNS) + BUCKET_COLUMNS) % BUCKET_COLUMNS);
/** Profile changes arriving together are read back in one statement of at most this many ids. */
const REFRESH_BATCH = 1000;
/** How long a question waits for changes heard before it to be read back; past that, Postgres answers it. */
const REFRESH_WAIT_MS = 100;
/**
 * A circle's box of more buckets than this (a wide circle near a pole: longitude degrees shrink)
 * is answered by Postgres: the ring walk would visit too many buckets.
 */
const MAX_BOX_BUCKETS = 50_000;
/** Postgres's `radians()` multiplies by RADIANS_PER_DEGREE (0.0174532925199432957692, the same double), not by π then divides by 180. */
const RADIANS_PER_DEGREE = Math.PI / 180;

/** One profile's marker as anyone but its owner sees it. */
export interface CachedMarker {
  readonly id: string;
  readonly cell: number;
  readonly bucket: Bucket;
  /** Its index in its bucket's list, so it leaves the bucket in constant time. */
  slot: number;
  /** Its point as Postgres holds it (`geo`), in metres: distances come out as Postgres works them out. */
  readonly x: number;
  readonly y: number;
  readonly z: number;
  /** The row's `marker_json`. */
  readonly json: string;
  /** The owner's user id where their professional info is private: they alone see their skills, from Postgres. */
  readonly privateTo: string | null;
}

export interface NearestMarkers {
  markers: CachedMarker[];
  /** More markers lie within the radius than the limit. */
  truncated: boolean;
}

interface MarkerRow extends Record<string, unknown> {
  id: string;
  cell: number | null;
  lat: number | null;
  lng: number | null;
  x: number | null;
  y: number | null;
  z: number | null;
  private_to: string | null;
  marker: string;
}

/** The markers of one BUCKET_DEGREES square. */
interface Bucket {
  readonly key: number;
  readonly markers: CachedMarker[];
}

/** Cells being read from Postgres, and the profiles in them that changed meanwhile. */
interface Load {
  readonly done: Promise<void>;
  readonly changed: Set<string>;
}

const markerColumns = sql`${p.id} as id, ${p.geoCell} as cell, ${p.latitude}::float8 as lat, ${p.longitude}::float8 as lng,
  cube_ll_coord(${p.geo}, 1) as x, cube_ll_coord(${p.geo}, 2) as y, cube_ll_coord(${p.geo}, 3) as z,
  (case when ${p.professionalInfoIsPublic} then null else ${p.userId} end) as private_to, ${p.markerJson}::text as marker`;
const markersInCells = preparedStatement('map_markers_in_cells', sql`select ${markerColumns} from ${p} where ${p.geoCell} = any(${sql.placeholder('cells')}::int[])`);
const markersById = preparedStatement('map_markers_by_id', sql`select ${markerColumns} from ${p} where ${p.id} = any(${sql.placeholder('ids')}::uuid[])`);

/**
 * The map's markers of the 0.25° cells this instance has answered for lately, in memory, so the
 * map's nearest-first question (`GET /api/profiles/map`) costs Postgres nothing once a cell is
 * read: a nearest-first walk of the location index costs about a millisecond of Postgres CPU per
 * 500 markers, most of what a request may spend (docs/benchmarks.md, Search). Each instance keeps
 * its own, kept in step through Postgres notifications (migration 0007): a profile change re-reads
 * that one profile, in every instance holding its cell. Answers are the ones the statement gives:
 * the same markers, by the same great-circle distance on the same sphere, nearest first.
 *
 * It answers only while its notifications flow: from a lost connection until LISTEN is back, it
 * forgets everything and the map asks Postgres. At most `budget` markers are held (more only while
 * one question's own cells need them); the least recently used cells go first.
 */
export class MarkerCache {
  private readonly cells = new Map<number, Set<CachedMarker>>();
  private readonly buckets = new Map<number, Bucket>();
  private readonly byId = new Map<string, CachedMarker>();
  private readonly loads = new Map<number, Load>();
  /** How many markers each cell read so far had, held or not: a question too big to hold is sent to Postgres. */
  private readonly cellSizes = new Map<number, number>();
  private counts = { answered: 0, cellsRead: 0, cellsDropped: 0 };
  /** Per changed profile, how many notifications it had: a re-read applies only if none came while it ran. */
  private readonly changes = new Map<string, number>();
  /** Profiles to read back, by the number of their latest change, lowest first (a re-noted one moves to the end). */
  private readonly pending = new Map<string, number>();
  /** Changes heard so far; each is numbered. */
  private heard = 0;
  /** The lowest change number in the read-back under way. */
  private reading: number | undefined;
  private readonly waiters = new Set<{ mark: number; done: (read: boolean) => void }>();
  private refreshing: Promise<void> | undefined;
  /** Bumped whenever everything is forgotten: reads begun before are not kept. */
  private epoch = 0;
  /** Its notifications, and whether the writes this instance answered were heard. */
  private feed!: ChangeFeed;

  private constructor(
    private readonly db: Db,
    private readonly budget: number,
    private readonly logger: Logger,
  ) {}

  /** Starts listening; the cache answers once notifications flow. */
  static async start(database: Database, budget: number, logger: Logger): Promise<MarkerCache> {
    const cache = new MarkerCache(database.db, budget, logger);
    cache.feed = await ChangeFeed.listen(database, MARKER_CHANNEL, { changed: (p) => cache.changed(p), forget: () => cache.forget() }, () => logger.warn('map marker notifications lost; the map reads Postgres until they are back'));
    return cache;
  }

  /** `answered`: questions answered from memory; `cellsRead`, `cellsDropped`: cells read from Postgres and let go; `writes`: marker writes this instance answered. */
  get stats(): { live: boolean; cells: number; markers: number; answered: number; cellsRead: number; cellsDropped: number; writes: number } {
    return { live: this.feed.live, cells: this.cells.size, markers: this.byId.size, ...this.counts, writes: this.feed.writes.writes };
  }

  async close(): Promise<void> {
    await this.feed.close();
    this.forget();
  }

  /**
   * The `limit` markers nearest `center` within `radiusKm`, nearest first, or undefined where the
   * cache cannot answer (not listening, a circle past the cells' reach) or should not: a circle whose
   * cells hold more than half the budget would push out everything else on every such question.
   * The caller then asks Postgres.
   */
  async nearest(center: LatLng, radiusKm: number, limit: number): Promise<NearestMarkers | undefined> {
    if (!this.feed.live) return undefined;
    const bounds = circleBounds(center, radiusKm);
    const cells = bounds && cellsIn(bounds);
    if (!bounds || !cells || !walkable(center, bounds)) return undefined;
    const known = cells.reduce((n, c) => n + (this.cells.get(c)?.size ?? this.cellSizes.get(c) ?? 0), 0);
    if (known > this.budget / 2) return undefined;
    const epoch = this.epoch;
    const writes = this.feed.writes.writes;
    if (!(await this.hold(cells))) return undefined;
    // Before answering: notifications already on the socket are heard (I/O callbacks run before
    // setImmediate's); those of the writes this instance answered before the question are heard
    // for certain (a sync with the listener), so a member sees their own change; and the changes
    // heard so far are read back. Later changes do not hold the question up; past REFRESH_WAIT_MS
    // in all (a bulk update, a slow sync) it is left to Postgres.
    const deadline = Date.now() + REFRESH_WAIT_MS;
    await new Promise((resolve) => setImmediate(resolve));
    if (!(await this.feed.writes.heard(writes, deadline))) return undefined;
    if (!(await this.readBack(this.heard, deadline))) return undefined;
    // Anything may have happened while the question waited: everything forgotten, its cells let go.
    if (epoch !== this.epoch || !this.feed.live || cells.some((c) => !this.cells.has(c))) return undefined;
    this.counts.answered++;
    return this.search(center, radiusKm * 1000, limit, bounds);
  }

  /**
   * A write this instance answered: the member's next question first makes sure its notification
   * was heard (Listener.sync), so they see their change on the map however slow the notification.
   */
  wroteProfiles(): void {
    this.feed.writes.wroteProfiles();
  }

  /** Resolves true once every change numbered up to `mark` is read back, false at the deadline. */
  private readBack(mark: number, deadline: number): Promise<boolean> {
    if (this.outstanding() > mark) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(
        () => {
          this.waiters.delete(waiter);
          resolve(false);
        },
        Math.max(0, deadline - Date.now()),
      );
      timer.unref();
      const waiter = {
        mark,
        done(read: boolean) {
          clearTimeout(timer);
          resolve(read);
        },
      };
      this.waiters.add(waiter);
    });
  }

  /** The lowest number of a change not yet read back (Infinity when none). */
  private outstanding(): number {
    const first = this.pending.values().next();
    return Math.min(first.done ? Infinity : first.value, this.reading ?? Infinity);
  }

  private settle(): void {
    const lowest = this.outstanding();
    for (const waiter of this.waiters) {
      if (waiter.mark >= lowest) continue;
      this.waiters.delete(waiter);
      waiter.done(true);
    }
  }

  /**
   * Buckets are visited in rings around the centre's, nearest ring first. Any point in a ring past
   * ring r lies at least r whole buckets away in latitude or in longitude, hence at least `beyond`
   * (a chord: 2R·sin(Δ/2), times the cosine of the circle's farthest latitude for longitude) from
   * the centre; the walk stops once the heap holds limit + 1 markers no farther than that, or once
   * nothing past it can be inside the radius. Each ring is clipped to the circle's box.
   */
  private search(center: LatLng, metres: number, limit: number, bounds: CircleBounds): NearestMarkers {
    const from = earthPoint(center.lat, center.lng);
    const edge = chordOf(metres);
    // Inside the radius is decided as earth_distance decides it for the few markers within rounding
    // of its edge; squared chords settle the rest without a root or an arcsine.
    const surelyInside = (edge * (1 - 1e-9)) ** 2;
    const surelyOutside = (edge * (1 + 1e-9)) ** 2;
    const cosFarthest = Math.cos(Math.max(Math.abs(bounds.minLat), Math.abs(bounds.maxLat)) * RADIANS_PER_DEGREE);
    const [firstRow, lastRow] = [bucketRow(bounds.minLat), bucketRow(bounds.maxLat)];
    const [west, east] = unwrapped(center, bounds);
    const [firstColumn, lastColumn] = [bucketColumn(west), bucketColumn(east)];
    const keep = limit + 1;
    const nearest = new NearestHeap();
    const visit = (row: number, column: number) => {
      const bucket = this.buckets.get(bucketKey(row, column));
      if (!bucket) return;
      for (const marker of bucket.markers) {
        const dx = marker.x - from.x;
        const dy = marker.y - from.y;
        const dz = marker.z - from.z;
        const squared = dx * dx + dy * dy + dz * dz;
        if (squared > surelyInside && (squared > surelyOutside || greatCircle(Math.sqrt(squared)) > metres)) continue;
        // `<->` is the root of the sum of squares (distinct sums can share a root). Equal distances (one
        // address) come by id; the statement leaves their order open (`order by knn, id` would cost
        // it the index's order: a sort of every profile).
        const distance = Math.sqrt(squared);
        if (nearest.size < keep) nearest.push(distance, marker);
        else if (nearest.before(distance, marker)) nearest.replaceTop(distance, marker);
      }
    };
    const row0 = bucketRow(center.lat);
    const column0 = bucketColumn(center.lng);
    visit(row0, column0);
    for (let r = 1; ; r++) {
      const beyond = 2 * EARTH_RADIUS_M * Math.sin((r - 1) * BUCKET_DEGREES * RADIANS_PER_DEGREE * 0.5) * cosFarthest * (1 - 1e-9);
      if (beyond > edge * (1 + 1e-9) || (nearest.size === keep && nearest.topDistance <= beyond)) break;
      const [top, bottom, left, right] = [row0 - r, row0 + r, column0 - r, column0 + r];
      if (top < firstRow && bottom > lastRow && left < firstColumn && right > lastColumn) break;
      const [fromColumn, toColumn] = [Math.max(left, firstColumn), Math.min(right, lastColumn)];
      for (const row of [top, bottom]) {
        if (row >= firstRow && row <= lastRow) for (let column = fromColumn; column <= toColumn; column++) visit(row, column);
      }
      const [fromRow, toRow] = [Math.max(top + 1, firstRow), Math.min(bottom - 1, lastRow)];
      for (const column of [left, right]) {
        if (column >= firstColumn && column <= lastColumn) for (let row = fromRow; row <= toRow; row++) visit(row, column);
      }
    }
    const markers = nearest.drainAscending();
    const truncated = markers.length > limit;
    if (truncated) markers.length = limit;
    return { markers, truncated };
  }

  /** Makes sure `cells` are held, reading the missing ones; false if they cannot be (everything forgotten meanwhile, a read failed). */
  private async hold(cells: number[]): Promise<boolean> {
    const epoch = this.epoch;
    const missing = cells.filter((c) => !this.cells.has(c) && !this.loads.has(c));
    if (missing.length > 0) this.load(missing);
    await Promise.all(cells.flatMap((c) => this.loads.get(c)?.done ?? []));
    if (epoch !== this.epoch || !this.feed.live) return false;
    this.evict(new Set(cells));
    for (const cell of cells) {
      const markers = this.cells.get(cell);
      if (!markers) return false;
      // Most recently used last: eviction takes from the front.
      this.cells.delete(cell);
      this.cells.set(cell, markers);
    }
    return true;
  }

  private load(cells: number[]): void {
    const epoch = this.epoch;
    const changed = new Set<string>();
    const done = (async () => {
      try {
        const rows = await markersInCells.execute<MarkerRow>(this.db, { cells: `{${cells.join(',')}}` });
        if (epoch !== this.epoch) return;
        this.counts.cellsRead += cells.length;
        for (const cell of cells) this.cells.set(cell, new Set());
        for (const row of rows) {
          const held = this.byId.get(row.id);
          if (held) {
            // Held in another cell: it moved here, and its notification may still be on its way or
            // its re-read under way. Neither copy is trusted; it is read again below.
            this.remove(held);
            changed.add(row.id);
          } else if (!changed.has(row.id)) {
            this.add(row);
          }
        }
        for (const cell of cells) this.cellSizes.set(cell, this.cells.get(cell)!.size);
        // Profiles that changed while the cells were read are read again, now that the cells are held.
        for (const id of changed) this.note(id);
      } catch (err) {
        this.logger.warn({ err }, 'map markers could not be read; the map reads Postgres');
      } finally {
        for (const cell of cells) if (this.loads.get(cell)?.changed === changed) this.loads.delete(cell);
      }
    })();
    for (const cell of cells) this.loads.set(cell, { done, changed });
  }

  private evict(keep: Set<number>): void {
    for (const [cell, markers] of this.cells) {
      if (this.byId.size <= this.budget) return;
      if (keep.has(cell)) continue;
      this.cellSizes.set(cell, markers.size);
      for (const marker of markers) this.remove(marker);
      this.cells.delete(cell);
      this.counts.cellsDropped++;
    }
  }

  private changed(payload: string): void {
    if (payload === '*') return this.forget();
    const [id, ...cells] = payload.split(' ');
    if (!id || !isUuid(id)) return;
    // A re-read under way for it must not be applied, even if its cell has been let go since.
    let held = this.byId.has(id) || this.changes.has(id);
    for (const text of cells) {
      if (text === '') continue;
      const cell = Number(text);
      this.loads.get(cell)?.changed.add(id);
      held ||= this.cells.has(cell) || this.loads.has(cell);
    }
    if (held) this.note(id);
  }

  /** Queues a re-read of one profile's marker. */
  private note(id: string): void {
    this.changes.set(id, (this.changes.get(id) ?? 0) + 1);
    this.pending.delete(id);
    this.pending.set(id, ++this.heard);
    this.refreshing ??= this.refresh();
  }

  /** Reads back pending profiles, a batch at a time, until none are pending; clears `refreshing` as it ends. */
  private async refresh(): Promise<void> {
    while (this.pending.size > 0) {
      const epoch = this.epoch;
      const ids: string[] = [];
      for (const [id, number] of this.pending) {
        this.reading ??= number;
        ids.push(id);
        if (ids.length === REFRESH_BATCH) break;
      }
      for (const id of ids) this.pending.delete(id);
      const seen = new Map(ids.map((id) => [id, this.changes.get(id)]));
      let rows: MarkerRow[];
      try {
        rows = await markersById.execute<MarkerRow>(this.db, { ids: `{${ids.join(',')}}` });
      } catch (err) {
        // A change that cannot be read leaves the cache behind Postgres: start again from nothing.
        if (epoch === this.epoch) this.logger.warn({ err }, 'changed map markers could not be read; the markers held are dropped');
        this.forget();
        break;
      }
      this.reading = undefined;
      if (epoch !== this.epoch) continue;
      const found = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) {
        // A notification that came while this read ran queued another read, which decides.
        if (this.changes.get(id) !== seen.get(id)) continue;
        this.changes.delete(id);
        const old = this.byId.get(id);
        if (old) this.remove(old);
        const row = found.get(id);
        if (row) this.add(row);
      }
      this.settle();
    }
    // Synchronously with the loop's last check: a note() after this starts a new refresh.
    this.reading = undefined;
    this.refreshing = undefined;
  }

  private add(row: MarkerRow): void {
    if (row.cell === null || row.lat === null || row.lng === null || row.x === null || row.y === null || row.z === null) return;
    const markers = this.cells.get(row.cell);
    if (!markers) return;
    const held = this.byId.get(row.id);
    if (held) this.remove(held);
    const bucket = this.bucketAt(bucketRow(row.lat), bucketColumn(row.lng));
    const marker: CachedMarker = { id: row.id, cell: row.cell, bucket, slot: bucket.markers.length, x: row.x, y: row.y, z: row.z, json: row.marker, privateTo: row.private_to };
    markers.add(marker);
    this.byId.set(row.id, marker);
    bucket.markers.push(marker);
  }

  private remove(marker: CachedMarker): void {
    this.cells.get(marker.cell)?.delete(marker);
    this.byId.delete(marker.id);
    const { markers } = marker.bucket;
    const last = markers.pop()!;
    if (last !== marker) {
      markers[marker.slot] = last;
      last.slot = marker.slot;
    }
    if (markers.length === 0) this.buckets.delete(marker.bucket.key);
  }

  private bucketAt(row: number, column: number): Bucket {
    const key = bucketKey(row, column);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { key, markers: [] };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  /** Drops everything held; reads under way are not kept. */
  private forget(): void {
    this.epoch++;
    this.cells.clear();
    this.buckets.clear();
    this.byId.clear();
    this.loads.clear();
    this.changes.clear();
    this.pending.clear();
    this.reading = undefined;
    // Questions waiting for read-backs go to Postgres: nothing held is trusted now.
    for (const waiter of this.waiters) waiter.done(false);
    this.waiters.clear();
  }
}

interface EarthPoint {
  x: number;
  y: number;
  z: number;
}

/** `ll_to_earth(lat, lng)`, its operations in its order (the trigonometry may still differ in the last bit). */
function earthPoint(lat: number, lng: number): EarthPoint {
  const φ = lat * RADIANS_PER_DEGREE;
  const λ = lng * RADIANS_PER_DEGREE;
  return { x: EARTH_RADIUS_M * Math.cos(φ) * Math.cos(λ), y: EARTH_RADIUS_M * Math.cos(φ) * Math.sin(λ), z: EARTH_RADIUS_M * Math.sin(φ) };
}

/**
 * The box's longitudes as one span, past ±180° where it crosses the antimeridian (there its two
 * ranges meet): bucket columns beyond ±180° fold onto the other side (bucketKey).
 */
function unwrapped(center: LatLng, bounds: CircleBounds): [number, number] {
  const [first, second] = bounds.lngRanges;
  if (!second) return first!;
  return center.lng > 0 ? [first![0], second[1] + 360] : [first![0] - 360, second[1]];
}

/** A box the ring walk visits in reasonable time, and whose columns do not meet round the globe. */
function walkable(center: LatLng, bounds: CircleBounds): boolean {
  const [west, east] = unwrapped(center, bounds);
  const columns = bucketColumn(east) - bucketColumn(west) + 1;
  const rows = bucketRow(bounds.maxLat) - bucketRow(bounds.minLat) + 1;
  return columns < BUCKET_COLUMNS && rows * columns <= MAX_BOX_BUCKETS;
}


/** The chord of a great-circle distance (the inverse of `greatCircle`). */
function chordOf(greatCircleMetres: number): number {
  return 2 * EARTH_RADIUS_M * Math.sin(Math.min(greatCircleMetres / (2 * EARTH_RADIUS_M), Math.PI / 2));
}

/** `earth_distance`'s great-circle distance for a chord, in metres. */
function greatCircle(chordMetres: number): number {
  if (chordMetres === 0) return 0;
  const half = chordMetres / (2 * EARTH_RADIUS_M);
  return half >= 1 ? Math.PI * EARTH_RADIUS_M : 2 * EARTH_RADIUS_M * Math.asin(half);
}

/** Whether (a, its marker) sorts after (b, its marker): by distance, then by id. */
function later(a: number, aMarker: CachedMarker, b: number, bMarker: CachedMarker): boolean {
  return a > b || (a === b && aMarker.id > bMarker.id);
}

/**
 * The markers kept so far, farthest on top (a binary max-heap): by distance, then by id, the
 * statement's `order by knn, id`. Sifts move a hole, not pairs.
 */
class NearestHeap {
  private readonly distances: number[] = [];
  private readonly markers: CachedMarker[] = [];

  get size(): number {
    return this.distances.length;
  }

  get topDistance(): number {
    return this.distances[0]!;
  }

  /** Whether (distance, marker) comes before the farthest kept. */
  before(distance: number, marker: CachedMarker): boolean {
    return later(this.distances[0]!, this.markers[0]!, distance, marker);
  }

  push(distance: number, marker: CachedMarker): void {
    let i = this.distances.length;
    this.distances.push(distance);
    this.markers.push(marker);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.after(distance, marker, parent)) break;
      this.distances[i] = this.distances[parent]!;
      this.markers[i] = this.markers[parent]!;
      i = parent;
    }
    this.distances[i] = distance;
    this.markers[i] = marker;
  }

  replaceTop(distance: number, marker: CachedMarker): void {
    this.siftDown(distance, marker, this.distances.length);
  }

  /** The markers, nearest first; empties the heap. */
  drainAscending(): CachedMarker[] {
    const out = new Array<CachedMarker>(this.distances.length);
    for (let n = this.distances.length - 1; n >= 0; n--) {
      out[n] = this.markers[0]!;
      // The last entry fills the hole at the top, within the n entries left.
      this.siftDown(this.distances[n]!, this.markers[n]!, n);
    }
    this.distances.length = 0;
    this.markers.length = 0;
    return out;
  }

  /** Whether (distance, marker) comes after the entry at i. */
  private after(distance: number, marker: CachedMarker, i: number): boolean {
    return later(distance, marker, this.distances[i]!, this.markers[i]!);
  }

  /** Puts (distance, marker) at the top of the first `n` entries and sifts it down. */
  private siftDown(distance: number, marker: CachedMarker, n: number): void {
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.after(this.distances[child + 1]!, this.markers[child + 1]!, child)) child++;
      if (!later(this.distances[child]!, this.markers[child]!, distance, marker)) break;
      this.distances[i] = this.distances[child]!;
      this.markers[i] = this.markers[child]!;
      i = child;
    }
    this.distances[i] = distance;
    this.markers[i] = marker;
  }
}
