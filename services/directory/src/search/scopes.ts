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
}

/** Any of some word beginnings in the `all` document. */
const lexicon = (words: readonly string[]) => sql`(${p.allTsv} @@ to_tsquery('simple', ${lexiconQuery(words)}))`;
const hasText = (column: SQL) => sql`(${column} <> ''::tsvector)`;

/** Word beginnings (as typed prefixes): 'church' finds churches, 'ministr' ministry and ministries. */
const WORSHIP = ['church', 'temple', 'mosque', 'synagogue', 'worship', 'faith', 'ministr', 'parish', 'congregation', 'chapel', 'gurdwara', 'pastor', 'rabbi', 'imam'];
const EVENTS = ['event', 'venue', 'festival', 'concert', 'workshop', 'meetup', 'conference', 'celebration', 'gathering'];

const all = sql`${p.allTsv}`;

export const SCOPE_RULES: Record<SearchScope, ScopeRule> = {
  all: { document: all },
  vocation: { document: sql`${p.vocationTsv}`, requires: hasText(sql`${p.vocationTsv}`) },
  products: { document: all, requires: sql`(${p.itemsForSaleIsPublic} and ${p.sellsProducts})` },
  business: { document: sql`${p.businessTsv}`, requires: hasText(sql`${p.businessTsv}`) },
  skills: { document: sql`${p.skillsTsv}`, requires: hasText(sql`${p.skillsTsv}`) },
  people: { document: sql`${p.nameTsv}`, requires: hasText(sql`${p.nameTsv}`) },
  properties: { document: all, requires: sql`(${p.itemsForSaleIsPublic} and (${p.hasPropertyForRent} or ${p.hasPropertyForSale}))` },
  resources: { document: all, requires: sql`(${p.isNonProfit} or (${p.businessInfoIsPublic} and ${p.providesService}))` },
  events: { document: all, requires: sql`(${p.eventsIsPublic} and ${lexicon(EVENTS)})` },
  credentials: { document: sql`${p.credentialsTsv}`, requires: hasText(sql`${p.credentialsTsv}`) },
  worship: { document: all, requires: lexicon(WORSHIP) },
  schools: { document: all, requires: sql`(${lexicon(SCHOOL_WORDS)} or (${p.opportunitiesIsPublic} and ${p.openToTeachingTutoring}))` },
};
