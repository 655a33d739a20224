import { sql, type SQL } from 'drizzle-orm';
import type { SearchScope } from '@freemarket/contracts';
import { profiles as p } from '../db/schema/index.js';
import { prefixTerm } from './text-query.js';

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
   * A GiST index over `(geo, strip(document))`, partial on `requires`, serves nearest-first
   * searches of this scope: the KNN scan tests each entry's word signature inside the index, so
   * the heap is read only for the profiles whose document may hold the words, not for everyone
   * nearer than the matches (docs/benchmarks.md, Search, eleventh session). `strip` keeps the
   * index to the statements that name it. Only small documents: a long one's signature has
   * nearly every bit set and filters nothing.
   */
  nearestIndexed?: true;
}

const lexicon = (words: string[]) => sql`(${p.allTsv} @@ to_tsquery('simple', ${words.map(prefixTerm).join(' | ')}))`;
const hasText = (column: SQL) => sql`(${column} <> ''::tsvector)`;

/** Word beginnings (as typed prefixes): 'church' finds churches, 'ministr' ministry and ministries. */
const WORSHIP = ['church', 'temple', 'mosque', 'synagogue', 'worship', 'faith', 'ministr', 'parish', 'congregation', 'chapel', 'gurdwara', 'pastor', 'rabbi', 'imam'];
const SCHOOLS = ['school', 'academ', 'tutor', 'education', 'preschool', 'montessori', 'college', 'universit', 'teacher', 'classroom', 'kindergarten'];
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
    document: sql`${p.allTsv}`,
    requires: sql`(${lexicon(SCHOOLS)} or (${p.opportunitiesIsPublic} and ${p.openToTeachingTutoring}))`,
  },
};
