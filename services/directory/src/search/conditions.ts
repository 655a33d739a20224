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
  if (f.openTo?.length) where.push(sql`${p.opportunitiesIsPublic}`, ...f.openTo.map((o) => sql`${OPEN_TO_COLUMNS[o]}`));
  if (f.minRating !== undefined && f.minRating > 0) where.push(sql`${p.averageRating} >= ${f.minRating}`);
  const query = toPrefixQuery(f.q);
  if (!query) return { where, collectInRadius: rule.collectInRadius };
  const row = sql`${rule.document} @@ to_tsquery('simple', ${query})`;
  const signature = rule.nearestIndexed ? toSignatureQuery(f.q) : null;
  const nearestFirst = signature ? and(rule.requires, sql`strip(${rule.document}) @@ to_tsquery('simple', ${signature})`) : undefined;
  if (!isPlainQuery(f.q)) return { where, text: { row, nearestFirst } };
  // Inside cells, the scope's own match is a test of the few rows the cell-tagged index finds: as
  // the function behind `@@`, which no index serves, so the planner cannot AND in the document's
  // whole posting list ('photograph:*' in the skills index: 18,758 entries, 7.5 ms, to keep 2 of 4 rows).
  const ownMatch = sql`ts_match_vq(${rule.document}, to_tsquery('simple', ${query}))`;
  return { where, text: { row, nearestFirst, inCells: (cells) => (rule.isAll ? cellMatch(query, cells) : sql`(${cellMatch(query, cells)} and ${ownMatch})`) } };
}

/** A quoted lexeme of a tsquery's text form, with its prefix or weight marks. */
const LEXEME = `'((?:[^']|'')*)'(:[*A-D]+)?`;

/**
 * The words (as `toPrefixQuery` writes them) in some grid cells, against the cell-tagged index:
 * Postgres parses the words as always, then each lexeme of the query becomes 'that lexeme tagged
 * with any of the cells' ('plumb' → '~c1~plumb' | '~c2~plumb' | …), so the index reads each
 * word's short per-cell posting lists. Everything is immutable, so the planner folds it into one
 * constant tsquery. A row lies in one cell, so this matches exactly the rows of those cells that
 * the untagged query matches.
 */
function cellMatch(query: string, cells: number[]): SQL {
  const anyCell = `( ${cells.map((c) => `'~${c}~\\1'\\2`).join(' | ')} )`;
  return sql`(${sql.raw(CELL_DOCUMENT)}(${p.allTsv}, ${p.geoCell}) @@ regexp_replace(to_tsquery('simple', ${query})::text, ${LEXEME}, ${anyCell}, 'g')::tsquery)`;
}
