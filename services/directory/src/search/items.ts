import { sql, type SQL } from 'drizzle-orm';
import type { PrivacyFlag, ProfileSearchItem } from '@freemarket/contracts';
import { profiles as p } from '../db/schema/index.js';
import { visibleSql } from '../profiles/privacy.js';

/** A search result as Postgres builds it: the contract's fields (less `distanceKm`) and every privacy flag. */
export type SearchItemRecord = Omit<ProfileSearchItem, 'distanceKm'> & Record<PrivacyFlag, boolean>;

/** A map marker as the contract's `profileMapItemSchema` has it; `skills` only where the viewer may see them. */
export function markerJson(viewerId: string): SQL {
  return sql`(jsonb_build_object(
    'id', ${p.id}, 'userId', ${p.userId}, 'name', ${p.memberName}, 'title', ${p.title},
    'latitude', ${p.latitude}::text, 'longitude', ${p.longitude}::text,
    'averageRating', ${p.averageRating}::text, 'reviewCount', ${p.reviewCount},
    'isServiceProvider', ${p.isServiceProvider}, 'isNonProfit', ${p.isNonProfit},
    'isPoliticalCandidate', ${p.isPoliticalCandidate}, 'isCommunityMember', ${p.isCommunityMember})
    || case when ${visibleSql('professionalInfoIsPublic', viewerId)} then jsonb_build_object('skills', ${p.skillSummary}) else '{}'::jsonb end)`;
}
