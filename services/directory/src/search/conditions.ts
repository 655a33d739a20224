import { sql, type SQL } from 'drizzle-orm';
import type { OpenTo, ProfileKind, SearchScope } from '@freemarket/contracts';
import { profiles as p, skillCategories } from '../db/schema/index.js';
import { isUuid } from '../shared/uuid.js';
import { SCOPE_RULES } from './scopes.js';
import { toPrefixQuery } from './text-query.js';

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
 * The WHERE conditions of a search, as a list (STYLE §3): the tab's rule, the filters and the
 * typed words against the tab's document. Filters on a section's fields also test the section's
 * privacy flag: a private section never makes a profile match.
 */
export function searchConditions(f: SearchFilters): SQL[] {
  const where: SQL[] = [];
  const rule = SCOPE_RULES[f.type];
  if (rule.requires) where.push(rule.requires);
  const query = toPrefixQuery(f.q);
  if (query) where.push(sql`${rule.document} @@ to_tsquery('simple', ${query})`);
  if (f.category !== undefined) {
    // Looked up inside the statement: an unknown category gives null, which matches nothing.
    const named = isUuid(f.category) ? sql`${skillCategories.id} = ${f.category}::uuid` : sql`lower(${skillCategories.name}) = lower(${f.category})`;
    where.push(sql`(${p.professionalInfoIsPublic} and (select ${skillCategories.id} from ${skillCategories} where ${named}) = any(${p.skillCategoryIds}))`);
  }
  if (f.kind) where.push(sql`${KIND_COLUMNS[f.kind]}`);
  if (f.openTo?.length) where.push(sql`${p.opportunitiesIsPublic}`, ...f.openTo.map((o) => sql`${OPEN_TO_COLUMNS[o]}`));
  if (f.minRating !== undefined && f.minRating > 0) where.push(sql`${p.averageRating} >= ${f.minRating}`);
  return where;
}
