import type { Profile } from '../api/types';

// @NOTE The map's marker layer imports the rating's format from here.
export { formatRating } from '../../../lib/profile-display';

/** Spec 01 §2: the title, defaulting to 'Service Provider'. */
export function titleOf(profile: Pick<Profile, 'title'>): string {
  return profile.title?.trim() || 'Service Provider';
}

/** Latitude and longitude as numbers, or null when either is missing or not numeric (spec 01 §5). */
export function coordinatesOf(profile: Pick<Profile, 'latitude' | 'longitude'>): [number, number] | null {
  if (profile.latitude == null || profile.longitude == null) return null;
  if (String(profile.latitude).trim() === '' || String(profile.longitude).trim() === '') return null;
  const lat = Number(profile.latitude);
  const lng = Number(profile.longitude);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return [lat, lng];
}

export type ProfileTint = 'nonprofit' | 'candidate' | 'default';

/** Non-profit wins over candidate, as the marker colours do. */
export function tintOf(profile: Profile): ProfileTint {
  if (profile.isNonProfit) return 'nonprofit';
  if (profile.isPoliticalCandidate) return 'candidate';
  return 'default';
}

/** Great-circle distance in kilometres. */
export function distanceKm(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const dLat = (b[0] - a[0]) * rad;
  const dLng = (b[1] - a[1]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * rad) * Math.cos(b[0] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
