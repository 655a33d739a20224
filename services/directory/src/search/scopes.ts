import { sql, type SQL } from 'drizzle-orm';
import type { SearchScope } from '@freemarket/contracts';
import { profiles as p } from '../db/schema/index.js';
import { lexiconQuery, SCHOOL_WORDS } from '../db/schema/search-documents.js';

/**
 * What each 'Search By' tab means (docs/api.md lists the same rules). `document` is the generated
 * text column the typed words are matched against; `requires` is what a profile must be to appear
 * in the tab at all. Documents hold only public sections, and conditions on section flags test the
 * section's privacy flag too, so a private section never makes a profile match.
 */
export interface ScopeRule {
  document: SQL;
  requires?: SQL;
  /**
   * The document is `all_tsv`, which `profiles_all_cells_idx` holds tagged with grid cells. Every
   * other document is built from a part of what `all_tsv` holds (the same words under the same
   * privacy flags), so that index finds a superset of its matches in some cells, and the
   * document's own match is tested on those rows.
   */
  isAll?: true;
  /**
   * The scope's profiles are few enough, and indexed by grid cell (a partial index whose
   * predicate is `requires`, covering what a collection reads): inside a radius with no words its
   * matches are collected at once, instead of first walking the sort's index for them.
   */
  collectInRadius?: true;
  /**
   * A GiST index over `(geo, strip(document))`, partial on `requires`, serves nearest-first
   * searches of this scope: the KNN scan tests each entry's word signature inside the index, so
   * the heap is read only for the profiles whose document may hold the words, not for everyone
   * nearer than the matches (docs/benchmarks.md, Search). `strip` keeps the
   * index to the statements that name it. Only small documents: a long one's signature has
   * nearly every bit set and filters nothing.
   */
  nearestIndexed?: true;
}

/**
 * Any of some word beginnings in the `all` document. The query is a literal, not a parameter: a
 * partial index whose predicate is a scope's `requires` (schools) must be provably implied by the
 * statement's own text, which a bound value is not when a plan is generic.
 */
const lexicon = (words: readonly string[]) => {
  const query = lexiconQuery(words);
  if (!/^[a-z:*| ]+$/.test(query)) throw new Error(`lexicon: ${query} is not a plain word list`);
  return sql`(${p.allTsv} @@ to_tsquery('simple', ${sql.raw(`'${query}'`)}))`;
};
const hasText = (column: SQL) => sql`(${column} <> ''::tsvector)`;

/** Word beginnings (as typed prefixes): 'church' finds churches, 'ministr' ministry and ministries. */
const WORSHIP = ['church', 'temple', 'mosque', 'synagogue', 'worship', 'faith', 'ministr', 'parish', 'congregation', 'chapel', 'gurdwara', 'pastor', 'rabbi', 'imam'];
const EVENTS = ['event', 'venue', 'festival', 'concert', 'workshop', 'meetup', 'conference', 'celebration', 'gathering'];

export const SCOPE_RULES: Record<SearchScope, ScopeRule> = {
  all: { isAll: true, document: sql`${p.allTsv}` },
  vocation: { document: sql`${p.vocationTsv}`, requires: hasText(sql`${p.vocationTsv}`) },
  products: { isAll: true, document: sql`${p.allTsv}`, requires: sql`(${p.itemsForSaleIsPublic} and ${p.sellsProducts})` },
  business: { document: sql`${p.businessTsv}`, requires: hasText(sql`${p.businessTsv}`) },
  skills: { document: sql`${p.skillsTsv}`, requires: hasText(sql`${p.skillsTsv}`), nearestIndexed: true },
  people: { document: sql`${p.nameTsv}`, requires: hasText(sql`${p.nameTsv}`) },
  properties: { isAll: true, document: sql`${p.allTsv}`, requires: sql`(${p.itemsForSaleIsPublic} and (${p.hasPropertyForRent} or ${p.hasPropertyForSale}))` },
  resources: { isAll: true, document: sql`${p.allTsv}`, requires: sql`(${p.isNonProfit} or (${p.businessInfoIsPublic} and ${p.providesService}))` },
  events: { isAll: true, document: sql`${p.allTsv}`, requires: sql`(${p.eventsIsPublic} and ${lexicon(EVENTS)})` },
  credentials: { document: sql`${p.credentialsTsv}`, requires: hasText(sql`${p.credentialsTsv}`) },
  worship: { isAll: true, document: sql`${p.allTsv}`, requires: lexicon(WORSHIP) },
  schools: {
    isAll: true,
    collectInRadius: true,
    document: sql`${p.allTsv}`,
    requires: sql`(${lexicon(SCHOOL_WORDS)} or (${p.opportunitiesIsPublic} and ${p.openToTeachingTutoring}))`,
  },
};
