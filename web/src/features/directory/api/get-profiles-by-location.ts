import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCATION_RADIUS } from '../../../config/constants';
import { apiGet } from '../../../lib/api-client';
import { profilesByLocationKeyRoot } from './profile-list-keys';
import type { Page, Profile } from './types';

/** `GET /api/profiles/location`: profiles within LOCATION_RADIUS of a position (spec 01 §7). */
export function getProfilesByLocation(lat: number, lng: number): Promise<Page<Profile>> {
  return apiGet<Page<Profile>>('/api/profiles/location', { lat, lng, radius: LOCATION_RADIUS });
}

export const profilesByLocationQueryOptions = (lat: number, lng: number) =>
  queryOptions({ queryKey: [...profilesByLocationKeyRoot, { lat, lng, radius: LOCATION_RADIUS }], queryFn: () => getProfilesByLocation(lat, lng) });

/** Used only when there is no query, no category and the scope is all (spec 01 §7). */
export function useProfilesByLocation(position: { lat: number; lng: number } | null, enabled: boolean) {
  return useQuery({ ...profilesByLocationQueryOptions(position?.lat ?? 0, position?.lng ?? 0), enabled: enabled && position !== null });
}
