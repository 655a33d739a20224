import { sql } from 'drizzle-orm';
import { preparedStatement, type Database, type Db, type Listener } from '@freemarket/db';
import type { Logger } from '@freemarket/kit';
import { profiles as p } from '../db/schema/index.js';
import { cellsAround, circleBounds, range } from './cells.js';
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

/** The markers of one BUCKET_DEGREES square, and a distance none of them is nearer than, from its centre. */
interface Bucket {
  readonly key: number;
  readonly markers: CachedMarker[];
  readonly centre: EarthPoint;
  /** The centre's distance to the square's farthest corner, and a metre for rounding. */
  readonly reach: number;
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
    return this.search(center, radiusKm * 1000, limit, bounds.minLat, bounds.maxLat, bounds.lngRanges);
  }

  private search(center: LatLng, metres: number, limit: number, minLat: number, maxLat: number, lngRanges: [number, number][]): NearestMarkers {
    const from = earthPoint(center.lat, center.lng);
    // Each bucket's markers are at least its lower bound away (triangle inequality on the sphere): buckets
    // are visited nearest bound first, until the heap holds limit + 1 markers nearer than the next bound.
    const visits: { bound: number; markers: CachedMarker[] }[] = [];
    const columns = lngRanges.flatMap(([a, b]) => range(bucketColumn(a), bucketColumn(b)));
    for (const row of range(bucketRow(minLat), bucketRow(maxLat))) {
      for (const column of columns) {
        const bucket = this.buckets.get(bucketKey(row, column));
        if (!bucket) continue;
        const bound = greatCircle(chord(from, bucket.centre)) - bucket.reach;
        if (bound <= metres) visits.push({ bound, markers: bucket.markers });
      }
    }
    visits.sort((a, b) => a.bound - b.bound);
    const keep = limit + 1;
    const nearest = new MaxHeap<CachedMarker>();
    for (const visit of visits) {
      if (nearest.size === keep && visit.bound > greatCircle(nearest.topKey)) break;
      for (const marker of visit.markers) {
        const d = chord(from, marker);
        if (greatCircle(d) > metres) continue;
        if (nearest.size < keep) nearest.push(d, marker);
        else if (d < nearest.topKey) nearest.replaceTop(d, marker);
      }
    }
    const markers = nearest.drainAscending();
    const truncated = markers.length > limit;
    return { markers: truncated ? markers.slice(0, limit) : markers, truncated };
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
      const south = row * BUCKET_DEGREES;
      const west = column * BUCKET_DEGREES;
      const centre = earthPoint(south + BUCKET_DEGREES / 2, west + BUCKET_DEGREES / 2);
      // The corners on the equator side are the farthest from the centre.
      const equatorSide = Math.abs(south) < Math.abs(south + BUCKET_DEGREES) ? south : south + BUCKET_DEGREES;
      bucket = { key, markers: [], centre, reach: greatCircle(chord(centre, earthPoint(equatorSide, west))) + 1 };
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

/** Straight-line distance, `<->` on earth points: the order of 'nearest first'. */
function chord(a: EarthPoint, b: EarthPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}

/** `earth_distance`'s great-circle distance for a chord, in metres. */
function greatCircle(chordMetres: number): number {
  if (chordMetres === 0) return 0;
  const half = chordMetres / (2 * EARTH_RADIUS_M);
  return half >= 1 ? Math.PI * EARTH_RADIUS_M : 2 * EARTH_RADIUS_M * Math.asin(half);
}

/** A binary max-heap on a number key. */
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
    this.keys.push(key);
    this.values.push(value);
    this.up(this.keys.length - 1);
  }

  replaceTop(key: number, value: T): void {
    this.keys[0] = key;
    this.values[0] = value;
    this.down(0);
  }

  /** The values, smallest key first; empties the heap. */
  drainAscending(): T[] {
    const out: T[] = new Array<T>(this.keys.length);
    for (let i = this.keys.length - 1; i >= 0; i--) {
      out[i] = this.values[0]!;
      const lastKey = this.keys.pop()!;
      const lastValue = this.values.pop()!;
      if (i > 0) {
        this.keys[0] = lastKey;
        this.values[0] = lastValue;
        this.down(0);
      }
    }
    return out;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.keys[parent]! >= this.keys[i]!) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let largest = i;
      if (left < this.keys.length && this.keys[left]! > this.keys[largest]!) largest = left;
      if (right < this.keys.length && this.keys[right]! > this.keys[largest]!) largest = right;
      if (largest === i) return;
      this.swap(i, largest);
      i = largest;
    }
  }

  private swap(i: number, j: number): void {
    [this.keys[i], this.keys[j]] = [this.keys[j]!, this.keys[i]!];
    [this.values[i], this.values[j]] = [this.values[j]!, this.values[i]!];
  }
}
