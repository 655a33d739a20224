import { LocateFixed } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import type { ProfileFormValues } from '../utils/profile-form';
import { ProfileTextInput } from './form-fields';

const LocationPickerMap = lazy(() => import('./location-picker-map').then((m) => ({ default: m.LocationPickerMap })));

/** Seven decimals: the column's precision (10,7). */
const coordinate = (value: number) => value.toFixed(7);

function pointOf(latitude: unknown, longitude: unknown): [number, number] | null {
  const lat = String(latitude ?? '').trim();
  const lng = String(longitude ?? '').trim();
  const a = Number(lat);
  const b = Number(lng);
  return lat && lng && Number.isFinite(a) && Number.isFinite(b) && Math.abs(a) <= 90 && Math.abs(b) <= 180 ? [a, b] : null;
}

/**
 * Another member's view: whether the profile is on the map, never its coordinates, which for a
 * member who used 'Use my location' are their home's.
 */
function PlaceOnMap({ point }: { point: [number, number] | null }) {
  if (!point) return <p className="text-sm text-slate-800">No location shared.</p>;
  return (
    <p className="text-sm text-slate-800">
      Shown on the{' '}
      <Link to={paths.home.getHref()} className="text-blue-800 underline">
        Explore Map
      </Link>
      .
    </p>
  );
}

/**
 * The owner's latitude and longitude, 'Use my location' and, in edit mode, a map where a click sets
 * the point; for anyone else, only whether the profile is on the map.
 */
export function LocationFields({ editing, isOwn }: { editing: boolean; isOwn: boolean }) {
  const { setValue } = useFormContext<ProfileFormValues>();
  const [lat, lng] = useWatch<ProfileFormValues, ['latitude', 'longitude']>({ name: ['latitude', 'longitude'] });
  const [problem, setProblem] = useState<string | null>(null);
  const place = (a: number, b: number) => {
    setValue('latitude', coordinate(a), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', coordinate(b), { shouldDirty: true, shouldValidate: true });
  };
  const useMyLocation = () => {
    setProblem(null);
    if (!('geolocation' in navigator)) return setProblem('This browser cannot share its location.');
    navigator.geolocation.getCurrentPosition(
      (pos) => place(pos.coords.latitude, pos.coords.longitude),
      () => setProblem('Your location is not available. Enter it, or click the map.'),
      { enableHighAccuracy: false, timeout: 10_000 },
    );
  };
  if (!isOwn) return <PlaceOnMap point={pointOf(lat, lng)} />;
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <ProfileTextInput name="latitude" label="Latitude" editing={editing} />
        <ProfileTextInput name="longitude" label="Longitude" editing={editing} />
      </div>
      {editing ? (
        <>
          <div>
            <Button variant="outline" size="sm" onClick={useMyLocation}>
              <LocateFixed className="h-4 w-4" aria-hidden="true" /> Use my location
            </Button>
            {problem ? (
              <p role="status" className="mt-1 text-sm text-red-700">
                {problem}
              </p>
            ) : null}
          </div>
          <p className="text-sm text-slate-600">Or click the map to set where your profile appears.</p>
          <Suspense fallback={<div className="h-56 rounded-md bg-slate-100" />}>
            <LocationPickerMap point={pointOf(lat, lng)} onPick={place} />
          </Suspense>
        </>
      ) : null}
    </div>
  );
}
