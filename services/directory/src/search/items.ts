import { sql, type SQL } from 'drizzle-orm';
import type { PrivacyFlag, ProfileSearchItem } from '@freemarket/contracts';
import { profiles as p } from '../db/schema/index.js';
import { markerDocumentWith } from '../db/schema/marker-document.js';

/** A search result as Postgres builds it: the contract's fields (less `distanceKm`) and every privacy flag. */
export type SearchItemRecord = Omit<ProfileSearchItem, 'distanceKm'> & Record<PrivacyFlag, boolean>;

/**
 * A map marker as the contract's `profileMapItemSchema` has it; `skills` only where the viewer may
 * see them. Every marker is the row's stored `marker_json` (as others see it) except the viewer's
 * own when its professional info is private: the owner still sees their skills. Unqualified
 * columns: the statement reads `directory.profiles` alone.
 */
export function markerJson(viewerId: string): SQL {
  return sql`(case when ${p.userId} = ${viewerId} and not ${p.professionalInfoIsPublic}
    then ${markerDocumentWith('"skill_summary"')} else ${p.markerJson} end)`;
}
