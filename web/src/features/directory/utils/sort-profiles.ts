import type { SortMode } from '../../../config/constants';
import type { Profile } from '../api/types';
import { coordinatesOf, distanceKm, fullName, ratingOf } from './profile-view';

/**
 * Spec 01 §4: name ignoring case, rating descending. Unlike the spec's original, distance really
 * sorts: nearest first from the map position, profiles without coordinates last.
 */
export function sortProfiles(profiles: Profile[], mode: SortMode, from: [number, number]): Profile[] {
  const copy = [...profiles];
  switch (mode) {
    case 'name':
      return copy.sort((a, b) => fullName(a.user).localeCompare(fullName(b.user), undefined, { sensitivity: 'base' }));
    case 'rating':
      return copy.sort((a, b) => ratingOf(b) - ratingOf(a));
    case 'distance': {
      const dist = (p: Profile) => {
        const c = coordinatesOf(p);
        return c ? distanceKm(from, c) : Number.POSITIVE_INFINITY;
      };
      return copy.sort((a, b) => dist(a) - dist(b));
    }
    default: {
      const never: never = mode;
      return never;
    }
  }
}

/** The mode after `mode` in the cycle name → rating → distance → name. */
export function nextSortMode(mode: SortMode): SortMode {
  return mode === 'name' ? 'rating' : mode === 'rating' ? 'distance' : 'name';
}
