import { useEffect, useState } from 'react';
import { MAP_DEFAULT_CENTER } from '../../../config/constants';

export interface GeoState {
  /** Where searches and the map start from: the visitor's position, or the default once that failed. */
  position: [number, number] | null;
  /** The visitor's own position, for the 'Your Location' marker and re-centring. */
  own: [number, number] | null;
}

/** Longer than a person takes to answer the permission prompt is pointless: the default applies after it. */
const GEOLOCATION_TIMEOUT_MS = 10_000;

/**
 * Spec 01 §2: asks the browser once; on failure the event is only logged and the default position
 * applies, with no message to the visitor.
 */
export function useGeolocation(): GeoState {
  const [state, setState] = useState<GeoState>({ position: null, own: null });
  useEffect(() => {
    let settled = false;
    const fallBack = (reason: unknown) => {
      if (settled) return;
      settled = true;
      console.info('Geolocation unavailable, using the default position:', reason);
      setState({ position: MAP_DEFAULT_CENTER, own: null });
    };
    if (!('geolocation' in navigator)) {
      fallBack('not supported');
      return;
    }
    // Some browsers never call back when a prompt is left unanswered; the timer keeps the map usable.
    const timer = setTimeout(() => fallBack('timed out'), GEOLOCATION_TIMEOUT_MS + 500);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const own: [number, number] = [pos.coords.latitude, pos.coords.longitude];
        setState({ position: own, own });
      },
      (err) => {
        clearTimeout(timer);
        fallBack(err.message);
      },
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 300_000 },
    );
    return () => clearTimeout(timer);
  }, []);
  return state;
}
