import type { Profile, ProfileMapItem } from '../api/types';
import { fullName } from '../../../lib/profile-display';
import { coordinatesOf } from './profile-view';

/** What the marker layer draws: a search result or a compact map item, in one shape. */
export interface MapMarker {
  id: string;
  userId: string;
  name: string;
  title: string | null;
  lat: number;
  lng: number;
  rating: number;
  reviewCount: number;
  isNonProfit: boolean;
  isPoliticalCandidate: boolean;
  skills: Array<{ name: string; category: string }>;
}

export function markerFromProfile(p: Profile): MapMarker | null {
  const c = coordinatesOf(p);
  if (!c) return null;
  return {
    id: p.id,
    userId: p.userId,
    name: fullName(p.user),
    title: p.title,
    lat: c[0],
    lng: c[1],
    rating: Number(p.averageRating) || 0,
    reviewCount: p.reviewCount,
    isNonProfit: p.isNonProfit,
    isPoliticalCandidate: p.isPoliticalCandidate,
    skills: (p.userSkills ?? []).slice(0, 2).map((s) => ({ name: s.skill.name, category: s.skill.category.name })),
  };
}

export function markerFromMapItem(m: ProfileMapItem): MapMarker | null {
  const lat = Number(m.latitude);
  const lng = Number(m.longitude);
  if (m.latitude.trim() === '' || m.longitude.trim() === '' || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return {
    id: m.id,
    userId: m.userId,
    name: m.name ?? 'Unknown member',
    title: m.title,
    lat,
    lng,
    rating: Number(m.averageRating) || 0,
    reviewCount: m.reviewCount,
    isNonProfit: m.isNonProfit,
    isPoliticalCandidate: m.isPoliticalCandidate,
    skills: m.skills ?? [],
  };
}

/** Markers of a list; entries without usable coordinates are skipped (spec 01 §5). */
export function toMarkers<T>(items: T[], convert: (item: T) => MapMarker | null): MapMarker[] {
  const out: MapMarker[] = [];
  for (const item of items) {
    const m = convert(item);
    if (m) out.push(m);
  }
  return out;
}
