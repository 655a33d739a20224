import { PgDialect } from 'drizzle-orm/pg-core';
import { markerJson, markerStatement, nearby, ratingOrder, searchConditions, searchStatements } from '@freemarket/directory';

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
/** (d): the markers of one map view (zoom 12, about 20 km across); (e): the web client's own call today. */
export const MAP = { radiusKm: 10, limit: 500 } as const;
export const MAP_WIDE = { radiusKm: 50, limit: 10_000 } as const;

export interface BenchQuery {
  key: 'a' | 'b' | 'c' | 'd' | 'e';
  label: string;
  path(i: number): string;
  /** The service's statement for EXPLAIN (what one request of this kind runs first). */
  statement(i: number): { sql: string; params: unknown[] };
  naive(i: number): { text: string; values: unknown[] };
}

const dialect = new PgDialect();
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
      statement: (i) => dialect.sqlToQuery(searchStatements.nearest({ where: [], limit: 20, near: nearby(at(i), 50), viewerId: BENCH_VIEWER })),
      naive: (i) => ({ text: `select p.id from directory.profiles p where ${haversine} <= 50 order by ${haversine} limit 21`, values: [at(i).lat, at(i).lng] }),
    },
    {
      key: 'b',
      label: 'text + category within 50 km by rating (GET /api/profiles/search?q&category&sort=rating)',
      path: (i) => `/api/profiles/search?q=${trade(i)}&category=${tradesId}&lat=${at(i).lat}&lng=${at(i).lng}&radius=50&sort=rating&limit=20`,
      // The statement the service runs: the rating tiers' matches, best first (the next part only when those before are too few).
      statement: (i) => {
        const order = ratingOrder(undefined);
        const { where, text } = searchConditions({ q: trade(i), type: 'all', category: tradesId });
        return dialect.sqlToQuery(searchStatements.sortedCollect({ where, text, limit: 20, near: nearby(at(i), 50), viewerId: BENCH_VIEWER }, order, order.tiers));
      },
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
      statement: (i) => dialect.sqlToQuery(searchStatements.nearest({ ...searchConditions({ q: skill(i), type: 'skills' }), limit: 20, near: nearby(at(i), 50), viewerId: BENCH_VIEWER })),
      naive: (i) => ({
        text: `select p.id from directory.profiles p where ${haversine} <= 50 and ${hasSkill('(s.name ilike $3 or c.name ilike $3)')} order by ${haversine} limit 21`,
        values: [at(i).lat, at(i).lng, `%${skill(i)}%`],
      }),
    },
    {
      key: 'd',
      label: `map markers, ${MAP.limit} nearest within ${MAP.radiusKm} km (GET /api/profiles/map)`,
      path: (i) => `/api/profiles/map?lat=${at(i).lat}&lng=${at(i).lng}&radius=${MAP.radiusKm}&limit=${MAP.limit}`,
      statement: (i) => dialect.sqlToQuery(markerStatement(nearby(at(i), MAP.radiusKm), MAP.limit, markerJson(BENCH_VIEWER))),
      naive: (i) => ({
        text: `select p.id, p.user_id, p.member_name, p.title, p.latitude, p.longitude, p.average_rating, p.review_count, p.skill_summary
          from directory.profiles p where ${haversine} <= ${MAP.radiusKm} order by ${haversine} limit ${MAP.limit + 1}`,
        values: [at(i).lat, at(i).lng],
      }),
    },
    {
      key: 'e',
      label: `supplementary: map markers, up to ${MAP_WIDE.limit.toLocaleString('en-US')} within ${MAP_WIDE.radiusKm} km (the web client's call)`,
      path: (i) => `/api/profiles/map?lat=${at(i).lat}&lng=${at(i).lng}&radius=${MAP_WIDE.radiusKm}&limit=${MAP_WIDE.limit}`,
      statement: (i) => dialect.sqlToQuery(markerStatement(nearby(at(i), MAP_WIDE.radiusKm), MAP_WIDE.limit, markerJson(BENCH_VIEWER))),
      naive: (i) => ({
        text: `select p.id, p.user_id, p.member_name, p.title, p.latitude, p.longitude, p.average_rating, p.review_count, p.skill_summary
          from directory.profiles p where ${haversine} <= ${MAP_WIDE.radiusKm} order by ${haversine} limit ${MAP_WIDE.limit + 1}`,
        values: [at(i).lat, at(i).lng],
      }),
    },
  ];
}
