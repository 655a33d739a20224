import { and, sql, type SQL } from 'drizzle-orm';
import type { OpenTo, ProfileKind, SearchScope } from '@freemarket/contracts';
import { CELL_DOCUMENT } from '../db/schema/search-documents.js';
import { profiles as p, skillCategories } from '../db/schema/index.js';
import { isUuid } from '../shared/uuid.js';
import { SCOPE_RULES } from './scopes.js';
import { isPlainQuery, toPrefixQuery, toSignatureQuery } from './text-query.js';

export interface SearchFilters {
  q?: string;
  type: SearchScope;
  /** A skill category id, or its name ignoring case; an unknown one matches nothing. */
  category?: string;
  kind?: ProfileKind;
  openTo?: OpenTo[];
  minRating?: number;
}

const KIND_COLUMNS = {
  serviceProvider: p.isServiceProvider,
  nonProfit: p.isNonProfit,
  politicalCandidate: p.isPoliticalCandidate,
  communityMember: p.isCommunityMember,
} as const;

const OPEN_TO_COLUMNS = {
  employment: p.openToEmployment,
  apprenticeship: p.openToApprenticeship,
  mentoring: p.openToMentoring,
  volunteering: p.openToVolunteering,
  runningForOffice: p.openToRunningForOffice,
  collaborating: p.openToCollaborating,
  rideshare: p.openToRideshare,
  teachingTutoring: p.openToTeachingTutoring,
  babysitting: p.openToBabysitting,
} as const;

/**
 * The typed words as a condition. `row` tests one row (any plan); `inCells`, where it applies,
 * is the same match limited to some grid cells, found through `profiles_all_cells_idx` (the
 * `all` document's lexemes tagged with their cell; other scopes' documents are parts of it, so
 * their own match is then tested on the rows it finds): for plans that collect every match
 * inside a radius, it stands for the text match and the cells at once.
 */
export interface TextMatch {
  row: SQL;
  inCells?: (cells: number[]) => SQL;
  /**
   * Where the scope's document has a `(geo, strip(document))` GiST index (`ScopeRule.nearestIndexed`):
   * a condition that index tests during a nearest-first scan, with its partial predicate. It may
   * match a superset of `row` (see `toSignatureQuery`), so `row` is still tested on what it passes.
   * Absent when no typed word has 3 letters: the signature could test none of them.
   */
  nearestFirst?: SQL;
}

export interface SearchConditions {
  /** Every condition but the text match. */
  where: SQL[];
  text?: TextMatch;
  /** The scope's matches inside a radius are collected at once (`ScopeRule.collectInRadius`). */
  collectInRadius?: boolean;
}

/**
 * The WHERE conditions of a search, as a list (STYLE §3). Filters on a section's fields also test
 * the section's privacy flag: a private section never makes a profile match.
 */
export function searchConditions(f: SearchFilters): SearchConditions {
  const where: SQL[] = [];
  const rule = SCOPE_RULES[f.type];
  if (rule.requires) where.push(rule.requires);
  if (f.category !== undefined) {
    // The category is looked up inside the statement (an init plan, once per query): an unknown one
    // gives null, which matches nothing. A filter, never an index scan: a category holds an eighth
    // of the profiles or more.
    const named = isUuid(f.category) ? sql`${skillCategories.id} = ${f.category}::uuid` : sql`lower(${skillCategories.name}) = lower(${f.category})`;
    where.push(sql`(${p.professionalInfoIsPublic} and (select ${skillCategories.id} from ${skillCategories} where ${named}) = any(${p.skillCategoryIds}))`);
  }
  if (f.kind) where.push(sql`${KIND_COLUMNS[f.kind]}`);
  // In one fixed order, each once: however the flags were listed, the statement's text is the same.
  const openTo = f.openTo?.length ? (Object.keys(OPEN_TO_COLUMNS) as OpenTo[]).filter((o) => f.openTo!.includes(o)) : [];
  if (openTo.length > 0) where.push(sql`${p.opportunitiesIsPublic}`, ...openTo.map((o) => sql`${OPEN_TO_COLUMNS[o]}`));
  if (f.minRating !== undefined && f.minRating > 0) where.push(sql`${p.averageRating} >= ${f.minRating}`);
  const query = toPrefixQuery(f.q);
  if (!query) return { where, collectInRadius: rule.collectInRadius };
  // Plain words are already what to_tsquery would make of them, so they are sent as a tsquery
  // value: parsed once, where a prepared statement's generic plan would call to_tsquery on every
  // row tested (and its cost made Postgres plan the statement afresh each time instead). Other
  // scripts go through the parser, which may split a word into a phrase.
  const plain = isPlainQuery(f.q);
  const tsquery = (text: string) => (plain ? sql`${text}::tsquery` : sql`to_tsquery('simple', ${text})`);
  const row = sql`${rule.document} @@ ${tsquery(query)}`;
  const signature = rule.nearestIndexed ? toSignatureQuery(f.q) : null;
  const nearestFirst = signature ? and(rule.requires, sql`strip(${rule.document}) @@ ${tsquery(signature)}`) : undefined;
  if (!plain) return { where, text: { row, nearestFirst } };
  // Inside cells, the scope's own match is a test of the few rows the cell-tagged index finds: as
  // the function behind `@@`, which no index serves, so the planner cannot AND in the document's
  // whole posting list ('photograph:*' in the skills index: 18,758 entries, 7.5 ms, to keep 2 of 4 rows).
  const ownMatch = sql`ts_match_vq(${rule.document}, ${tsquery(query)})`;
  return { where, text: { row, nearestFirst, inCells: (cells) => (rule.isAll ? cellMatch(query, cells) : sql`(${cellMatch(query, cells)} and ${ownMatch})`) } };
}

/**
 * The words (as `toPrefixQuery` writes them, plain words only: see `isPlainQuery`) in some grid
 * cells, against the cell-tagged index: each word becomes 'that word tagged with any of the cells'
 * ('plumb' → '~c1~plumb' | '~c2~plumb' | …), so the index reads each word's short per-cell posting
 * lists. A plain word is one lexeme of Postgres's parser, as it is written, so the tagged query is
 * written here and sent as one tsquery value: nothing for the planner to fold on every search (it
 * folded a regular expression over the whole query, up to 400 cells a word, on each one). A row
 * lies in one cell, so this matches exactly the rows of those cells that the untagged query matches.
 */
function cellMatch(query: string, cells: number[]): SQL {
  return sql`(${sql.raw(CELL_DOCUMENT)}(${p.allTsv}, ${p.geoCell}) @@ ${cellTaggedQuery(query, cells)}::tsquery)`;
}

/** 'plumb & electric:*' in cells 1 and 2 → `( '~1~plumb' | '~2~plumb' ) & ( '~1~electric':* | '~2~electric':* )`. */
export function cellTaggedQuery(query: string, cells: number[]): string {
  return query
    .split(' & ')
    .map((term) => {
      const prefix = term.endsWith(':*');
      const word = prefix ? term.slice(0, -2) : term;
      if (!/^[a-z0-9]+$/.test(word)) throw new Error(`cellTaggedQuery: '${term}' is not a plain word`);
      return `( ${cells.map((c) => `'~${c}~${word}'${prefix ? ':*' : ''}`).join(' | ')} )`;
    })
    .join(' & ');
}
