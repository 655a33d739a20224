import { sql, type SQL } from 'drizzle-orm';
import type { OpenTo, ProfileKind, SearchScope } from '@freemarket/contracts';
import { profiles as p } from '../db/schema/index.js';
import { SCOPE_RULES } from './scopes.js';
import { toPrefixQuery } from './text-query.js';

export interface SearchFilters {
  q?: string;
  type: SearchScope;
  /** A resolved category id; null when the named category does not exist (nothing matches). */
  categoryId?: string | null;
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
 * The WHERE conditions of a search, as a list (STYLE §3). Filters on a section's fields also test
 * the section's privacy flag: a private section never makes a profile match.
 */
export function searchConditions(f: SearchFilters): SQL[] {
  const where: SQL[] = [];
  const rule = SCOPE_RULES[f.type];
  if (rule.requires) where.push(rule.requires);
  const text = toPrefixQuery(f.q);
  if (text) where.push(sql`${rule.document} @@ to_tsquery('simple', ${text})`);
  if (f.categoryId === null) where.push(sql`false`);
  // A filter, never an index scan: a category holds an eighth of the profiles or more.
  else if (f.categoryId) where.push(sql`(${p.professionalInfoIsPublic} and ${f.categoryId}::uuid = any(${p.skillCategoryIds}))`);
  if (f.kind) where.push(sql`${KIND_COLUMNS[f.kind]}`);
  if (f.openTo?.length) where.push(sql`${p.opportunitiesIsPublic}`, ...f.openTo.map((o) => sql`${OPEN_TO_COLUMNS[o]}`));
  if (f.minRating !== undefined && f.minRating > 0) where.push(sql`${p.averageRating} >= ${f.minRating}`);
  return where;
}
