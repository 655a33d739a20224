import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { MapViewport } from '../utils/map-viewport';
import type { ProfileMapResponse } from './types';

/** `GET /api/profiles/map`: clusters or single markers of what is on screen. */
export function getProfileMap(view: MapViewport): Promise<ProfileMapResponse> {
  return apiGet<ProfileMapResponse>('/api/profiles/map', { ...view });
}

export const profileMapKeyRoot = ['/api/profiles/map'] as const;

/** Keyed by the snapped view, so a view seen before is answered from the cache. */
export const profileMapQueryOptions = (view: MapViewport) =>
  queryOptions({ queryKey: [...profileMapKeyRoot, view], queryFn: () => getProfileMap(view), placeholderData: keepPreviousData });

const NO_VIEW: MapViewport = { south: 0, west: 0, north: 0, east: 0, zoom: 0 };

/** The previous view's answer stays on screen while the next one loads, so markers never flash. */
export function useProfileMap(view: MapViewport | null, enabled: boolean) {
  return useQuery({ ...profileMapQueryOptions(view ?? NO_VIEW), enabled: enabled && view !== null });
}
