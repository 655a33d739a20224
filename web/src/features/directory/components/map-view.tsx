import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { Layers, LocateFixed, Minus, Plus } from 'lucide-react';
import { memo, useEffect, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { Tooltip } from '../../../components/ui/tooltip';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MAP_MAX_ZOOM } from '../../../config/constants';
import { env } from '../../../config/env';
import { useAfterPaint } from '../../../lib/use-after-paint';
import type { MapCluster } from '../api/types';
import type { MapMarker } from '../utils/map-marker';
import { snapViewport, type MapViewport } from '../utils/map-viewport';
import { ownLocationIcon } from './marker-icons';
import { ProfileMarkerLayer } from './profile-marker-layer';

export interface MapViewProps {
  /** The map's element id, the target of the page's 'Skip to the map' link. */
  id?: string;
  /** Where the map centres: the visitor's position once known, else the default. */
  center: [number, number] | null;
  own: [number, number] | null;
  markers: MapMarker[];
  /** Profiles close together on screen, as the server counts them. */
  clusters: MapCluster[];
  selectedId: string | null;
  onSelect: (marker: MapMarker) => void;
  /** The view on screen: once when the map is created, then after each move or zoom settles. */
  onViewChange: (view: MapViewport) => void;
}

function Recentre({ center }: { center: [number, number] | null }) {
  const map = useMap();
  useEffect(() => {
    if (center) map.setView(center, map.getZoom());
  }, [center, map]);
  return null;
}

/**
 * Names the map's element, which Leaflet makes focusable (arrow keys pan it): MapContainer gives the
 * element only its class, id and style, and passes every other prop to Leaflet as an option.
 */
function NameContainer({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

/** A pan or zoom settles this long before the map asks for the new view. */
const VIEW_DEBOUNCE_MS = 250;

function ViewReporter({ onViewChange }: { onViewChange: (view: MapViewport) => void }) {
  const timer = useRef(0);
  const report = useRef(onViewChange);
  report.current = onViewChange;
  const map = useMapEvents({
    moveend: () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => report.current(viewOf(map)), VIEW_DEBOUNCE_MS);
    },
  });
  useEffect(() => {
    report.current(viewOf(map));
    return () => window.clearTimeout(timer.current);
  }, [map]);
  return null;
}

function viewOf(map: L.Map): MapViewport {
  const b = map.wrapLatLngBounds(map.getBounds());
  return snapViewport({ south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() }, map.getZoom());
}

const CONTROL = 'grid h-10 w-10 place-items-center rounded-md bg-white text-slate-800 shadow-md hover:bg-slate-50 focus-visible:outline-3 focus-visible:outline-blue-500';

function MapControls({ own, styleIndex, onToggleStyle }: { own: [number, number] | null; styleIndex: number; onToggleStyle: () => void }) {
  const map = useMap();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Clicks on the buttons must not reach the map underneath (which would close popups or pan).
    if (ref.current) {
      L.DomEvent.disableClickPropagation(ref.current);
      L.DomEvent.disableScrollPropagation(ref.current);
    }
  }, []);
  const next = env.tiles[(styleIndex + 1) % env.tiles.length]!;
  return (
    <div ref={ref} className="absolute top-3 right-3 z-[500] flex flex-col gap-2">
      <Tooltip label="Zoom in">
        <button type="button" className={CONTROL} aria-label="Zoom in" onClick={() => map.zoomIn()}>
          <Plus className="h-5 w-5" aria-hidden="true" />
        </button>
      </Tooltip>
      <Tooltip label="Zoom out">
        <button type="button" className={CONTROL} aria-label="Zoom out" onClick={() => map.zoomOut()}>
          <Minus className="h-5 w-5" aria-hidden="true" />
        </button>
      </Tooltip>
      <Tooltip label="Re-centre the map">
        <button type="button" className={CONTROL} aria-label="Re-centre the map" onClick={() => map.setView(own ?? MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM)}>
          <LocateFixed className="h-5 w-5" aria-hidden="true" />
        </button>
      </Tooltip>
      <Tooltip label={`Switch to the ${next.name} map style`}>
        <button type="button" className={CONTROL} aria-label={`Switch to the ${next.name} map style`} onClick={onToggleStyle} data-map-style={env.tiles[styleIndex]!.name}>
          <Layers className="h-5 w-5" aria-hidden="true" />
        </button>
      </Tooltip>
    </div>
  );
}

/** The explore map: tiles from configuration, profile markers and clusters, own location and controls. */
export const MapView = memo(function MapView({ id, center, own, markers, clusters, selectedId, onSelect, onViewChange }: MapViewProps) {
  const [styleIndex, setStyleIndex] = useState(0);
  const style = env.tiles[styleIndex]!;
  // Creating the map, then its tiles, then its markers: three short tasks instead of one long one.
  const layersMounted = useAfterPaint();
  return (
    <MapContainer
      id={id}
      center={center ?? MAP_DEFAULT_CENTER}
      zoom={MAP_DEFAULT_ZOOM}
      maxZoom={MAP_MAX_ZOOM}
      zoomControl={false}
      className="h-full w-full"
    >
      <NameContainer label="Map of community profiles" />
      {layersMounted ? (
        <>
          {/* The key makes Leaflet swap the layer instead of patching the URL of the tiles on screen. */}
          <TileLayer key={style.url} url={style.url} attribution={style.attribution} maxZoom={MAP_MAX_ZOOM} maxNativeZoom={style.maxNativeZoom} className={`fm-tiles-${styleIndex}`} />
          {own ? <Marker position={own} icon={ownLocationIcon} title="Your Location" keyboard={false} /> : null}
          <ProfileMarkerLayer markers={markers} clusters={clusters} selectedId={selectedId} onSelect={onSelect} />
        </>
      ) : null}
      <Recentre center={center} />
      <ViewReporter onViewChange={onViewChange} />
      <MapControls own={own} styleIndex={styleIndex} onToggleStyle={() => setStyleIndex((i) => (i + 1) % env.tiles.length)} />
    </MapContainer>
  );
});
