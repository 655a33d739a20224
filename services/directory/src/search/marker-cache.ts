import { sql } from 'drizzle-orm';
import { preparedStatement, type Database, type Db, type Listener } from '@freemarket/db';
import type { Logger } from '@freemarket/kit';
import { profiles as p } from '../db/schema/index.js';
import { cellsAround, circleBounds, type CircleBounds } from './cells.js';
import type { LatLng } from './geo.js';

/** The channel migration 0007's triggers notify: `<profile id> <old cell> <new cell>`, or `*`. */
export const MARKER_CHANNEL = 'directory_markers';

/** earthdistance's `earth()`, the sphere `ll_to_earth` and `earth_distance` use, in metres. */
const EARTH_RADIUS_M = 6378168;
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

/** One profile's marker as anyone but its owner sees it. */
export interface CachedMarker {
  readonly id: string;
  readonly cell: number;
  readonly bucket: Bucket;
  /** Where `ll_to_earth` puts it, in metres: distances are worked out as Postgres works them out. */
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
 * forgets everything and the map asks Postgres. At most `budget` markers are held; the least
 * recently used cells go first.
 */
export class MarkerCache {
  private readonly cells = new Map<number, Set<CachedMarker>>();
  private readonly buckets = new Map<number, Bucket>();
  private readonly byId = new Map<string, CachedMarker>();
  private readonly loads = new Map<number, Load>();
  /** How many markers each cell read so far had, held or not: a question too big to hold is sent to Postgres. */
  private readonly cellSizes = new Map<number, number>();
  private counts = { cellsRead: 0, cellsDropped: 0 };
  /** Per changed profile, how many notifications it had: a re-read applies only if none came while it ran. */
  private readonly changes = new Map<string, number>();
  private readonly pending = new Set<string>();
  private refreshing: Promise<void> | undefined;
  /** Bumped whenever everything is forgotten: reads begun before are not kept. */
  private epoch = 0;
  private live = false;
  private size = 0;
  private listener: Listener | undefined;

  private constructor(
    private readonly db: Db,
    private readonly budget: number,
    private readonly logger: Logger,
  ) {}

  /** Starts listening; the cache answers once notifications flow. */
  static async start(database: Database, budget: number, logger: Logger): Promise<MarkerCache> {
    const cache = new MarkerCache(database.db, budget, logger);
    cache.listener = await database.listen(MARKER_CHANNEL, {
      notify: (payload) => cache.changed(payload),
      listening: () => {
        cache.forget();
        cache.live = true;
      },
      lost: () => {
        cache.live = false;
        cache.forget();
        logger.warn('map marker notifications lost; the map reads Postgres until they are back');
      },
    });
    return cache;
  }

  get stats(): { live: boolean; cells: number; markers: number; cellsRead: number; cellsDropped: number } {
    return { live: this.live, cells: this.cells.size, markers: this.size, ...this.counts };
  }

  async close(): Promise<void> {
    this.live = false;
    this.forget();
    await this.listener?.close();
  }

  /**
   * The `limit` markers nearest `center` within `radiusKm`, nearest first, or undefined where the
   * cache cannot answer (not listening, a circle past the cells' reach) or should not: a circle whose
   * cells hold more than half the budget would push out everything else on every such question.
   * The caller then asks Postgres.
   */
  async nearest(center: LatLng, radiusKm: number, limit: number): Promise<NearestMarkers | undefined> {
    if (!this.live) return undefined;
    const cells = cellsAround(center, radiusKm);
    const bounds = circleBounds(center, radiusKm);
    if (!cells || !bounds) return undefined;
    const known = cells.reduce((n, c) => n + (this.cells.get(c)?.size ?? this.cellSizes.get(c) ?? 0), 0);
    if (known > this.budget / 2) return undefined;
    if (!(await this.hold(cells))) return undefined;
    if (this.refreshing) {
      // Changes heard before the question are applied before it is answered: a member who has just
      // saved their profile sees it so on the map.
      const epoch = this.epoch;
      await this.refreshing;
      if (epoch !== this.epoch || !this.live || cells.some((c) => !this.cells.has(c))) return undefined;
    }
    return this.search(center, radiusKm * 1000, limit, bounds);
  }

  /**
   * Buckets are visited in rings around the centre's, nearest ring first. Any point in a ring past
   * ring r lies at least r whole buckets away in latitude or in longitude, hence at least `beyond`
   * (a chord: 2R·sin(Δ/2), times the cosine of the circle's farthest latitude for longitude) from
   * the centre; the walk stops once the heap holds limit + 1 markers no farther than that, or once
   * nothing past it can be inside the radius.
   */
  private search(center: LatLng, metres: number, limit: number, bounds: CircleBounds): NearestMarkers {
    const from = earthPoint(center.lat, center.lng);
    const edge = chordOf(metres);
    // Squared chords order as distances do: no square root or arcsine per marker. Inside the radius
    // is decided as earth_distance decides it for the few markers within rounding of its edge.
    const surelyInside = (edge * (1 - 1e-9)) ** 2;
    const surelyOutside = (edge * (1 + 1e-9)) ** 2;
    const cosFarthest = Math.cos((Math.max(Math.abs(bounds.minLat), Math.abs(bounds.maxLat)) * Math.PI) / 180);
    const [firstRow, lastRow] = [bucketRow(bounds.minLat), bucketRow(bounds.maxLat)];
    // Across the antimeridian the columns wrap (bucketKey folds them); the box then bounds rows only.
    const [west, east] = bounds.lngRanges.length === 1 ? bounds.lngRanges[0]! : [-Infinity, Infinity];
    const [firstColumn, lastColumn] = [bucketColumn(west), bucketColumn(east)];
    const keep = limit + 1;
    const nearest = new MaxHeap<CachedMarker>();
    const visit = (row: number, column: number) => {
      if (row < firstRow || row > lastRow || column < firstColumn || column > lastColumn) return;
      const bucket = this.buckets.get(bucketKey(row, column));
      if (!bucket) return;
      for (const marker of bucket.markers) {
        const dx = from.x - marker.x;
        const dy = from.y - marker.y;
        const dz = from.z - marker.z;
        const squared = dx * dx + dy * dy + dz * dz;
        if (squared > surelyInside && (squared > surelyOutside || greatCircle(Math.sqrt(squared)) > metres)) continue;
        if (nearest.size < keep) nearest.push(squared, marker);
        else if (squared < nearest.topKey) nearest.replaceTop(squared, marker);
      }
    };
    const row0 = bucketRow(center.lat);
    const column0 = bucketColumn(center.lng);
    visit(row0, column0);
    for (let r = 1; ; r++) {
      const beyond = 2 * EARTH_RADIUS_M * Math.sin(((r - 1) * BUCKET_DEGREES * Math.PI) / 360) * cosFarthest * (1 - 1e-9);
      if (beyond > edge * (1 + 1e-9) || (nearest.size === keep && nearest.topKey <= beyond * beyond)) break;
      if (row0 - r < firstRow && row0 + r > lastRow && column0 - r < firstColumn && column0 + r > lastColumn) break;
      for (let column = column0 - r; column <= column0 + r; column++) {
        visit(row0 - r, column);
        visit(row0 + r, column);
      }
      for (let row = row0 - r + 1; row < row0 + r; row++) {
        visit(row, column0 - r);
        visit(row, column0 + r);
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
    if (epoch !== this.epoch || !this.live) return false;
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
        for (const row of rows) if (!changed.has(row.id)) this.add(row);
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
      if (this.size <= this.budget) return;
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
    if (!id) return;
    let held = this.byId.has(id);
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
    this.pending.add(id);
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
  }

  private async refresh(): Promise<void> {
    while (this.pending.size > 0) {
      const epoch = this.epoch;
      const ids = [...this.pending].slice(0, REFRESH_BATCH);
      for (const id of ids) this.pending.delete(id);
      const seen = new Map(ids.map((id) => [id, this.changes.get(id)]));
      let rows: MarkerRow[];
      try {
        rows = await markersById.execute<MarkerRow>(this.db, { ids: `{${ids.join(',')}}` });
      } catch (err) {
        // A change that cannot be read leaves the cache behind Postgres: start again from nothing.
        if (epoch === this.epoch) this.logger.warn({ err }, 'changed map markers could not be read; the markers held are dropped');
        this.forget();
        return;
      }
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
    }
  }

  private add(row: MarkerRow): void {
    if (row.cell === null || row.lat === null || row.lng === null) return;
    const markers = this.cells.get(row.cell);
    if (!markers) return;
    const { x, y, z } = earthPoint(row.lat, row.lng);
    const bucket = this.bucketAt(bucketRow(row.lat), bucketColumn(row.lng));
    const marker: CachedMarker = { id: row.id, cell: row.cell, bucket, x, y, z, json: row.marker, privateTo: row.private_to };
    markers.add(marker);
    this.byId.set(row.id, marker);
    bucket.markers.push(marker);
    this.size++;
  }

  private remove(marker: CachedMarker): void {
    this.cells.get(marker.cell)?.delete(marker);
    this.byId.delete(marker.id);
    const { markers } = marker.bucket;
    const at = markers.indexOf(marker);
    if (at >= 0) {
      markers[at] = markers[markers.length - 1]!;
      markers.pop();
    }
    if (markers.length === 0) this.buckets.delete(marker.bucket.key);
    this.size--;
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
    this.size = 0;
  }
}

interface EarthPoint {
  x: number;
  y: number;
  z: number;
}

/** `ll_to_earth(lat, lng)`. */
function earthPoint(lat: number, lng: number): EarthPoint {
  const φ = (lat * Math.PI) / 180;
  const λ = (lng * Math.PI) / 180;
  return { x: EARTH_RADIUS_M * Math.cos(φ) * Math.cos(λ), y: EARTH_RADIUS_M * Math.cos(φ) * Math.sin(λ), z: EARTH_RADIUS_M * Math.sin(φ) };
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

/** A binary max-heap on a number key; sifts move a hole, not pairs. */
class MaxHeap<T> {
  private readonly keys: number[] = [];
  private readonly values: T[] = [];

  get size(): number {
    return this.keys.length;
  }

  get topKey(): number {
    return this.keys[0]!;
  }

  push(key: number, value: T): void {
    let i = this.keys.length;
    this.keys.push(key);
    this.values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! >= key) break;
      this.keys[i] = this.keys[parent]!;
      this.values[i] = this.values[parent]!;
      i = parent;
    }
    this.keys[i] = key;
    this.values[i] = value;
  }

  replaceTop(key: number, value: T): void {
    this.siftDown(key, value, this.keys.length);
  }

  /** The values, smallest key first; empties the heap. */
  drainAscending(): T[] {
    const out: T[] = new Array<T>(this.keys.length);
    for (let n = this.keys.length - 1; n >= 0; n--) {
      out[n] = this.values[0]!;
      // The last entry fills the hole at the top, within the n entries left.
      this.siftDown(this.keys[n]!, this.values[n]!, n);
    }
    this.keys.length = 0;
    this.values.length = 0;
    return out;
  }

  /** Puts (key, value) at the top of the first `n` entries and sifts it down. */
  private siftDown(key: number, value: T, n: number): void {
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && this.keys[child + 1]! > this.keys[child]!) child++;
      if (this.keys[child]! <= key) break;
      this.keys[i] = this.keys[child]!;
      this.values[i] = this.values[child]!;
      i = child;
    }
    this.keys[i] = key;
    this.values[i] = value;
  }
}
