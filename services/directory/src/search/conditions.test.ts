import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { cellTaggedQuery, searchConditions } from './conditions.js';
import { isPlainQuery, toPrefixQuery, toSignatureQuery } from './text-query.js';
import { nearby } from './geo.js';
import { RATING_TIERS } from '../db/schema/index.js';
import { ratingOrder, nameOrder, statements } from './repository.js';

const dialect = new PgDialect();
const render = (q: Parameters<typeof statements.sortedCollect>[0]) => dialect.sqlToQuery(statements.sortedCollect(q, ratingOrder(undefined)));
const sf = { lat: 37.7749, lng: -122.4194 };
const VIEWER = 'dev-viewer';

describe('text inside a radius', () => {
  it('is looked up per grid cell for the `all` document and plain words, the exact distance still applied', () => {
    const { sql, params } = render({ ...searchConditions({ q: 'Electric plumb', type: 'all' }), limit: 20, viewerId: VIEWER, near: nearby(sf, 50) });
    expect(sql).toMatch(/"directory"\."cell_document"\("directory"\."profiles"\."all_tsv", "directory"\."profiles"\."geo_cell"\) @@ \$\d+::tsquery/);
    expect(sql).not.toMatch(/"geo_cell" = any/);
    expect(sql).toContain('directory.great_circle_metres(');
    const cells = nearby(sf, 50).cells!;
    const tagged = params.find((v) => typeof v === 'string' && v.startsWith('( '));
    expect(tagged).toBe(cellTaggedQuery('electric & plumb', cells));
    expect(tagged).toContain(`'~${cells[0]}~electric' | '~${cells[1]}~electric'`);
    expect(tagged).toContain(`'~${cells.at(-1)}~plumb' )`);
  });

  it('tags each word with every cell, a prefix word as a prefix', () => {
    expect(cellTaggedQuery('plumb & electrici:*', [1, -2])).toBe("( '~1~plumb' | '~-2~plumb' ) & ( '~1~electrici':* | '~-2~electrici':* )");
    expect(() => cellTaggedQuery("café", [1])).toThrow(/not a plain word/);
  });

  it('finds the candidates of other scopes the same way, then tests their own document on those rows alone', () => {
    const { sql } = render({ ...searchConditions({ q: 'nursing', type: 'skills' }), limit: 20, viewerId: VIEWER, near: nearby(sf, 50) });
    // As a function, not `@@`: the planner cannot AND in the skills index's whole posting list.
    expect(sql).toMatch(/\("directory"\."cell_document"\(.*\) and ts_match_vq\("directory"\."profiles"\."skills_tsv", \$\d+::tsquery\)\)/);
    expect(sql).not.toMatch(/"geo_cell" = any/);
  });

  it('keeps the cells btree and the row match for other scripts, no radius or too many cells', () => {
    const cases = [
      { ...searchConditions({ q: 'café', type: 'all' }), near: nearby(sf, 50) },
      { ...searchConditions({ q: 'nursing', type: 'all' }), near: nearby(sf, 150) },
    ];
    for (const c of cases) {
      const { sql } = render({ ...c, limit: 20, viewerId: VIEWER });
      expect(sql).not.toContain('cell_document');
      expect(sql).toMatch(/"geo_cell" = any/);
    }
    expect(render({ ...searchConditions({ q: 'nursing', type: 'all' }), limit: 20, viewerId: VIEWER }).sql).not.toContain('cell_document');
  });

  it('writes the open-to flags in one order, each once, whatever order they came in', () => {
    const text = (openTo: Parameters<typeof searchConditions>[0]['openTo']) =>
      dialect.sqlToQuery(statements.sortedWalk({ ...searchConditions({ type: 'all', openTo }), limit: 20, viewerId: VIEWER }, nameOrder(undefined))).sql;
    expect(text(['mentoring', 'employment'])).toBe(text(['employment', 'mentoring', 'employment']));
    expect(text(['mentoring'])).not.toBe(text(['employment']));
  });

  it('writes the default page sizes into the statement and binds any other', () => {
    const page = (limit: number) => dialect.sqlToQuery(statements.nearest({ where: [], limit, near: nearby(sf, 50), viewerId: VIEWER }));
    expect(page(20).sql).toMatch(/limit 21\) k where k\.inside/);
    expect(page(100).sql).toMatch(/limit 101\) k where k\.inside/);
    const other = page(7);
    expect(other.sql).toMatch(/limit \$\d+\) k where k\.inside/);
    expect(other.params).toContain(8);
    expect(page(8).sql).toBe(other.sql);
  });

  it('looks the category up inside the statement, by id or by name', () => {
    const id = '136dd45e-1931-4a5f-8051-faabe8effc7a';
    expect(dialect.sqlToQuery(statements.sortedWalk({ ...searchConditions({ type: 'all', category: id }), limit: 5, viewerId: VIEWER }, nameOrder(undefined))).sql).toMatch(
      /\(select "directory"\."skill_categories"\."id" from "directory"\."skill_categories" where "directory"\."skill_categories"\."id" = \$\d+::uuid\)/,
    );
    expect(dialect.sqlToQuery(statements.sortedWalk({ ...searchConditions({ type: 'all', category: 'Trades' }), limit: 5, viewerId: VIEWER }, nameOrder(undefined))).sql).toContain(
      'lower("directory"."skill_categories"."name") = lower($',
    );
  });
});

describe('words near a place by rating, tier by tier', () => {
  const q = { ...searchConditions({ q: 'plumb', type: 'all' }), limit: 20, viewerId: VIEWER, near: nearby(sf, 50) };
  const tiered = (cursor?: Parameters<typeof ratingOrder>[0]) => {
    const order = ratingOrder(cursor);
    return dialect.sqlToQuery(statements.sortedCollect({ ...q, cursor }, order, order.tiers)).sql;
  };

  it('nests its tiers, best first: each holds the one before it', () => {
    for (const [i, tier] of RATING_TIERS.entries()) if (i > 0) expect(tier.min).toBeLessThan(RATING_TIERS[i - 1]!.min);
  });

  it('reads each tier without the one before it, then the rest, each a sorted page, in one statement', () => {
    const sql = tiered();
    const parts = sql.split(' union all ');
    expect(parts).toHaveLength(RATING_TIERS.length + 1);
    expect(parts[0]).toContain(`and ${RATING_TIERS[0]!.condition})`);
    expect(parts[1]).toContain(`(${RATING_TIERS[1]!.condition} and (${RATING_TIERS[0]!.condition}) is not true)`);
    expect(parts[2]).toContain(`(${RATING_TIERS[1]!.condition}) is not true)`);
    // Each part a page of its own, and the whole a page: the default size written, not bound.
    for (const part of parts) expect(part).toMatch(/order by w\.average_rating desc nulls last, w\.id limit 21\)/);
    expect(sql).toMatch(/\) parts limit 21\) w\s+order by w\.average_rating desc nulls last, w\.id$/);
    // 'not' would become a range the rating's btree serves.
    expect(sql).not.toMatch(/\bnot \(/);
  });

  it('leaves out the tiers a cursor has gone past', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect(tiered({ sort: 'rating', key: '5.00', id }).split(' union all ')).toHaveLength(3);
    expect(tiered({ sort: 'rating', key: '4.99', id }).split(' union all ')).toHaveLength(2);
    expect(tiered({ sort: 'rating', key: '4.49', id })).not.toContain(' union all ');
  });
});

describe('skills nearest first (the location and words index)', () => {
  it('looks words up whole in the signature: a long word by its first 8 letters, 1- and 2-letter words left out', () => {
    expect(toSignatureQuery('Nursing')).toBe('nursing');
    expect(toSignatureQuery('photography studio')).toBe('photogra & studio');
    expect(toSignatureQuery('we photograph')).toBe('photogra');
    expect(toSignatureQuery('we a')).toBeNull();
    // The exact match stays the prefix query, tested on every row the index passes.
    expect(toPrefixQuery('photography studio')).toBe('photography:* & studio');
  });

  it("puts the index's condition, its partial predicate and the radius's box in the walk's scan", () => {
    const { sql, params } = dialect.sqlToQuery(statements.nearest({ ...searchConditions({ q: 'photography', type: 'skills' }), limit: 20, near: nearby(sf, 50), viewerId: VIEWER }));
    expect(sql).toMatch(
      /from "directory"\."profiles" where \(\("directory"\."profiles"\."skills_tsv" <> ''::tsvector\) and strip\("directory"\."profiles"\."skills_tsv"\) @@ \$\d+::tsquery\) and \(earth_box\(/,
    );
    expect(params).toContain('photogra');
    expect(params).toContain('photography:*');
  });

  it('counts as plain only words the parser keeps whole', () => {
    for (const q of ['plumb', 'Electric 4x4', '1e5', '0x1f', 'abc1e5x', '777']) expect(isPlainQuery(q), q).toBe(true);
    // Scientific notation then letters: the parser ends the number there ('1e5abc' is '1e5' <-> 'abc').
    for (const q of ['1e5abc', 'plumb 2e2e2', 'café', '']) expect(isPlainQuery(q), q).toBe(false);
  });

  it('sends plain words as a tsquery value, and other scripts through the parser', () => {
    expect(dialect.sqlToQuery(statements.nearest({ ...searchConditions({ q: 'Plumb', type: 'skills' }), limit: 20, near: nearby(sf, 50), viewerId: VIEWER })).sql).not.toContain('to_tsquery');
    const { sql } = dialect.sqlToQuery(statements.nearest({ ...searchConditions({ q: 'café', type: 'skills' }), limit: 20, near: nearby(sf, 50), viewerId: VIEWER }));
    expect(sql).toContain("to_tsquery('simple', $");
    expect(sql).not.toContain('::tsquery');
  });

  it('walks as before when no word has 3 letters, and for other scopes', () => {
    for (const c of [searchConditions({ q: 'ph', type: 'skills' }), searchConditions({ q: 'nursing', type: 'vocation' })]) {
      expect(c.text?.nearestFirst).toBeUndefined();
      expect(dialect.sqlToQuery(statements.nearest({ ...c, limit: 20, near: nearby(sf, 50), viewerId: VIEWER })).sql).not.toContain('strip(');
    }
  });
});
