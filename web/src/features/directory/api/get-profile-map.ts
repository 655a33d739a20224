import type { DIRECTORY_LIMITS } from '@freemarket/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOCATION_RADIUS } from '../../../config/constants';
import { apiGet } from '../../../lib/api-client';
import type { ProfileMapResponse } from './types';

/** Up to the contract's maximum: the clustered layer stays fluid with 10,000 markers. */
export const MAP_MARKER_LIMIT: (typeof DIRECTORY_LIMITS)['mapMax'] = 10_000;

/** `GET /api/profiles/map`: compact markers around a position, nearest first. */
export function getProfileMap(lat: number, lng: number): Promise<ProfileMapResponse> {
  return apiGet<ProfileMapResponse>('/api/profiles/map', { lat, lng, radius: LOCATION_RADIUS, limit: MAP_MARKER_LIMIT });
}

export const profileMapQueryOptions = (lat: number, lng: number) =>
  queryOptions({ queryKey: ['/api/profiles/map', { lat, lng, radius: LOCATION_RADIUS }], queryFn: () => getProfileMap(lat, lng) });

export function useProfileMap(position: [number, number] | null, enabled: boolean) {
  return useQuery({ ...profileMapQueryOptions(position?.[0] ?? 0, position?.[1] ?? 0), enabled: enabled && position !== null });
}

export const profileMapKeyRoot = ['/api/profiles/map'] as const;
