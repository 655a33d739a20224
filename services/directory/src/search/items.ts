import type { ProfileSearchItem } from '@freemarket/contracts';
import { toUserSummary } from '../profiles/dto.js';
import { withoutPrivateSections } from '../profiles/privacy.js';
import type { PageRow } from './repository.js';

/** A search result (spec 01 §3) as `viewerId` may see it. */
export function toSearchItem(row: PageRow, viewerId: string): ProfileSearchItem {
  const { privacy, user, nameKey: _n, knn: _k, distanceKm, ...fields } = row;
  const item: ProfileSearchItem = {
    ...fields,
    user: toUserSummary(row.userId, user),
    professionalInfoIsPublic: privacy.professionalInfoIsPublic,
    contactInfoIsPublic: privacy.contactInfoIsPublic,
    distanceKm,
  };
  return withoutPrivateSections(item, { userId: row.userId, ...privacy }, viewerId);
}
