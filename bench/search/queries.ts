import { drizzle } from 'drizzle-orm/node-postgres';
import { cellRange, MapRepository, nearby, searchConditions, SearchRepository } from '@freemarket/directory';

/**
 * The four benchmark queries: the HTTP path the service answers, the statement its repository
 * runs (for EXPLAIN), and the same question written naively (haversine in SQL, ILIKE over joins:
 * nothing an index can serve). Centres rotate over metros of every size and a rural point; words
 * rotate too, so no single plan or cache line is measured.
 */
export const CENTRES = [
  ['San Francisco', 37.7749, -122.4194],
  ['New York', 40.7128, -74.006],
  ['Chicago', 41.8781, -87.6298],
  ['Houston', 29.7604, -95.3698],
  ['Denver', 39.7392, -104.9903],
  ['Nashville', 36.1627, -86.7816],
  ['Boise', 43.615, -116.2023],
  ['Fargo', 46.8772, -96.7898],
  ['rural Kansas', 38.5, -99.0],
] as const;
export const TRADE_WORDS = ['electric', 'plumb', 'carpent', 'roof', 'weld', 'hvac', 'mason', 'landscap'] as const;
export const SKILL_WORDS = ['nursing', 'tutor', 'farming', 'web', 'photograph', 'plumbing', 'beekeep', 'grant', 'canvass', 'pottery'] as const;
/** (d), (e): the view of a 1280×800 screen centred on a point, as the web client asks for it. */
type Screen = { south: number; west: number; north: number; east: number; zoom: number };
function screen(c: { lat: number; lng: number }, zoom: number): Screen {
  const degreesPerPixel = 360 / (256 * 2 ** zoom);
  const halfWidth = 640 * degreesPerPixel;
  const halfHeight = 400 * degreesPerPixel * Math.cos((c.lat * Math.PI) / 180);
  const fixed = (v: number) => Number(v.toFixed(6));
  return { south: fixed(c.lat - halfHeight), west: fixed(c.lng - halfWidth), north: fixed(c.lat + halfHeight), east: fixed(c.lng + halfWidth), zoom };
}
const mapPath = (v: Screen) => `/api/profiles/map?south=${v.south}&west=${v.west}&north=${v.north}&east=${v.east}&zoom=${v.zoom}`;
/** The cells the service reads first (single markers follow only where the cells hold few). */
const mapStatement = (v: Screen) => new MapRepository(drizzle.mock()).cells(cellRange(v, v.zoom)).toSQL();
/** The same clusters grouped from the profiles themselves at request time. */
const naiveClusters = (v: Screen) => ({
  text: `select floor((p.longitude::float8 + 180) / $5) x, floor(p.latitude::float8 / $5) y, count(*), avg(p.latitude::float8), avg(p.longitude::float8)
    from directory.profiles p where p.latitude::float8 between $1 and $3 and p.longitude::float8 between $2 and $4 group by 1, 2`,
  values: [v.south, v.west, v.north, v.east, 360 / (4 << v.zoom)],
});

export interface BenchQuery {
  key: 'a' | 'b' | 'c' | 'd' | 'e';
  label: string;
  path(i: number): string;
  /** The service's statement for EXPLAIN (what one request of this kind runs first). */
  statement(i: number): { sql: string; params: unknown[] };
  naive(i: number): { text: string; values: unknown[] };
}

/** Builds the service's statements for EXPLAIN without a connection. */
const statements = new SearchRepository(drizzle.mock());
/** The member the statements are built for (the service builds each answer for its viewer). */
export const BENCH_VIEWER = 'bench-viewer';
const centre = (i: number) => CENTRES[i % CENTRES.length]!;
/** Great-circle km from ($1, $2) in plain SQL, as one would write it without earthdistance. */
const haversine = `2 * 6378.168 * asin(sqrt(power(sin(radians(p.latitude::float8 - $1) / 2), 2)
  + cos(radians($1)) * cos(radians(p.latitude::float8)) * power(sin(radians(p.longitude::float8 - $2) / 2), 2)))`;
const hasSkill = (match: string) =>
  `exists (select 1 from directory.user_skills us join directory.skills s on s.id = us.skill_id join directory.skill_categories c on c.id = s.category_id where us.profile_id = p.id and ${match})`;

export function benchQueries(tradesId: string): BenchQuery[] {
  const at = (i: number) => ({ lat: centre(i)[1], lng: centre(i)[2] });
  const trade = (i: number) => TRADE_WORDS[i % TRADE_WORDS.length]!;
  const skill = (i: number) => SKILL_WORDS[i % SKILL_WORDS.length]!;
  return [
    {
      key: 'a',
      label: 'nearest 20 within 50 km (GET /api/profiles/location)',
      path: (i) => `/api/profiles/location?lat=${at(i).lat}&lng=${at(i).lng}&radius=50&limit=20`,
      statement: (i) => statements.page('distance', { where: [], limit: 20, near: nearby(at(i), 50) }).toSQL(),
      naive: (i) => ({ text: `select p.id from directory.profiles p where ${haversine} <= 50 order by ${haversine} limit 21`, values: [at(i).lat, at(i).lng] }),
    },
    {
      key: 'b',
      label: 'text + category within 50 km by rating (GET /api/profiles/search?q&category&sort=rating)',
      path: (i) => `/api/profiles/search?q=${trade(i)}&category=${tradesId}&lat=${at(i).lat}&lng=${at(i).lng}&radius=50&sort=rating&limit=20`,
      statement: (i) => statements.page('rating', { where: searchConditions({ q: trade(i), type: 'all', category: tradesId }), limit: 20, near: nearby(at(i), 50) }).toSQL(),
      naive: (i) => ({
        text: `select p.id from directory.profiles p where ${haversine} <= 50
          and (p.title ilike $3 or p.bio ilike $3 or p.business_name ilike $3 or ${hasSkill('s.name ilike $3')}) and ${hasSkill('s.category_id = $4')}
          order by p.average_rating desc, p.id limit 21`,
        values: [at(i).lat, at(i).lng, `%${trade(i)}%`, tradesId],
      }),
    },
    {
      key: 'c',
      label: "scope 'skills' text by distance (GET /api/profiles/search?type=skills&q&sort=distance)",
      path: (i) => `/api/profiles/search?type=skills&q=${skill(i)}&lat=${at(i).lat}&lng=${at(i).lng}&radius=50&sort=distance&limit=20`,
      statement: (i) => statements.page('distance', { where: searchConditions({ q: skill(i), type: 'skills' }), limit: 20, near: nearby(at(i), 50) }).toSQL(),
      naive: (i) => ({
        text: `select p.id from directory.profiles p where ${haversine} <= 50 and ${hasSkill('(s.name ilike $3 or c.name ilike $3)')} order by ${haversine} limit 21`,
        values: [at(i).lat, at(i).lng, `%${skill(i)}%`],
      }),
    },
    {
      key: 'd',
      label: 'map of a city screen at zoom 12, 1280×800 px (GET /api/profiles/map)',
      path: (i) => mapPath(screen(at(i), 12)),
      statement: (i) => mapStatement(screen(at(i), 12)),
      naive: (i) => naiveClusters(screen(at(i), 12)),
    },
    {
      key: 'e',
      label: 'map of the whole country at zoom 5, 1280×800 px (GET /api/profiles/map)',
      path: (i) => mapPath(screen(at(i), 5)),
      statement: (i) => mapStatement(screen(at(i), 5)),
      naive: (i) => naiveClusters(screen(at(i), 5)),
    },
  ];
}
