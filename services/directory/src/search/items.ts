import { sql, type SQL } from 'drizzle-orm';
import type { PrivacyFlag, ProfileSearchItem } from '@freemarket/contracts';
import { profiles as p } from '../db/schema/index.js';
import { visibleSql } from '../profiles/privacy.js';

/** A search result as Postgres builds it: the contract's fields (less `distanceKm`) and every privacy flag. */
export type SearchItemRecord = Omit<ProfileSearchItem, 'distanceKm'> & Record<PrivacyFlag, boolean>;

/** A map marker as the contract's `profileMapItemSchema` has it; `skills` only where the viewer may see them. */
export function markerJson(viewerId: string): SQL {
  // Plain json (not jsonb): markers are only assembled and sent, and json is several times cheaper to build.
  const common = sql`'id', ${p.id}, 'userId', ${p.userId}, 'name', ${p.memberName}, 'title', ${p.title},
    'latitude', ${p.latitude}::text, 'longitude', ${p.longitude}::text,
    'averageRating', ${p.averageRating}::text, 'reviewCount', ${p.reviewCount},
    'isServiceProvider', ${p.isServiceProvider}, 'isNonProfit', ${p.isNonProfit},
    'isPoliticalCandidate', ${p.isPoliticalCandidate}, 'isCommunityMember', ${p.isCommunityMember}`;
  return sql`(case when ${visibleSql('professionalInfoIsPublic', viewerId)}
    then json_build_object(${common}, 'skills', ${p.skillSummary})
    else json_build_object(${common}) end)`;
}
