import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';
import { MAP_DEFAULT_CENTER, MAP_MAX_ZOOM } from '../../../config/constants';
import { env } from '../../../config/env';

/** The chosen point, drawn as a plain profile marker (its style lives in the app's stylesheet). */
const pointIcon = L.divIcon({ className: 'fm-marker-wrap', html: '<div class="fm-marker" style="width:24px;height:24px;background:#1d4ed8"></div>', iconSize: [24, 24], iconAnchor: [12, 12] });

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}

/** The Vocation tab's small map: a click sets the profile's point (loaded only in edit mode). */
export function LocationPickerMap({ point, onPick }: { point: [number, number] | null; onPick: (lat: number, lng: number) => void }) {
  const style = env.tiles[0]!;
  return (
    <div className="h-56 overflow-hidden rounded-md border border-slate-300" data-testid="location-picker">
      <MapContainer center={point ?? MAP_DEFAULT_CENTER} zoom={point ? 13 : 10} className="h-full w-full" attributionControl>
        <TileLayer url={style.url} attribution={style.attribution} maxZoom={MAP_MAX_ZOOM} maxNativeZoom={style.maxNativeZoom} />
        {point ? <Marker position={point} icon={pointIcon} title="Profile location" keyboard={false} /> : null}
        <ClickToPlace onPick={onPick} />
      </MapContainer>
    </div>
  );
}
