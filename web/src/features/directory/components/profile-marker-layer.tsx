import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { MAX_SKILLS_SHOWN } from '../../../config/constants';
import { markerGlyph } from '../utils/category-icon';
import type { MapCluster } from '../api/types';
import type { MapMarker } from '../utils/map-marker';
import { inNextTask } from '../../../lib/schedule';
import { plural } from '../../../lib/plural';
import { formatRating } from '../utils/profile-view';
import { clusterIcon, profileMarkerIcon } from './marker-icons';

export interface MarkerLayerTiming {
  points: number;
  ms: number;
}

declare global {
  interface Window {
    /** The last marker-layer render time, read by the browser test and the map benchmark. */
    __fmMarkerLayer?: MarkerLayerTiming;
  }
}

function tintOfMarker(m: MapMarker) {
  return m.isNonProfit ? 'nonprofit' : m.isPoliticalCandidate ? 'candidate' : 'default';
}

function popupContent(profile: MapMarker, onView: (m: MapMarker) => void): HTMLElement {
  const root = document.createElement('div');
  root.className = 'fm-popup';
  const title = document.createElement('p');
  title.className = 'fm-popup-title';
  // Spec 01 §2: the title, falling back to 'Service Provider'.
  title.textContent = profile.title?.trim() || 'Service Provider';
  const name = document.createElement('p');
  name.textContent = profile.name;
  root.append(title, name);
  const skills = profile.skills.slice(0, MAX_SKILLS_SHOWN).map((s) => s.name);
  if (skills.length > 0) {
    const line = document.createElement('p');
    line.textContent = skills.join(', ');
    root.append(line);
  }
  const rating = profile.rating;
  if (rating > 0) {
    const line = document.createElement('p');
    line.textContent = `★ ${formatRating(rating)} (${plural(profile.reviewCount, 'review')})`;
    root.append(line);
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'fm-popup-button';
  button.textContent = 'View Profile';
  button.addEventListener('click', () => onView(profile));
  root.append(button);
  return root;
}

/** Work per task while drawing markers: under Lighthouse's 4× slowdown a slice stays well below 50 ms. */
const SLICE_MS = 8;

/** A cluster zooms in this many levels when clicked: its 64-pixel cell then fills a 256-pixel tile. */
const CLUSTER_ZOOM_STEP = 2;

/** Enter or Space, the keys that press a button; Leaflet itself turns only Enter into a popup's opening. */
function isPress(e: L.LeafletKeyboardEvent): boolean {
  return e.originalEvent.key === 'Enter' || e.originalEvent.key === ' ';
}

/**
 * Only the markers inside the map on screen stay in the Tab order: the layer holds a margin around
 * the view (and a search's results anywhere), which a keyboard user could reach but not see.
 */
function keepTabOrderOnScreen(group: L.LayerGroup, map: L.Map): void {
  const bounds = map.getBounds();
  group.eachLayer((layer) => {
    if (!(layer instanceof L.Marker)) return;
    const el = layer.getElement();
    if (el) el.tabIndex = bounds.contains(layer.getLatLng()) ? 0 : -1;
  });
}

/**
 * The server's clusters and single markers of the view (or a search's results), as Leaflet markers.
 * A cluster is a round count that zooms in on itself; a marker has its colour, glyph and popup.
 *
 * @NOTE The main thread draws in short tasks (slices of SLICE_MS) that start after React's commit:
 * a hundred Leaflet markers in one go block a phone's main thread for 200 ms and more. The new
 * markers go into their own group and replace the old group only when complete, so a new view
 * never shows a half-drawn layer.
 */
export function ProfileMarkerLayer({
  markers,
  clusters,
  selectedId,
  onSelect,
}: {
  markers: MapMarker[];
  clusters: MapCluster[];
  selectedId: string | null;
  onSelect: (m: MapMarker) => void;
}) {
  const map = useMap();
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const shownRef = useRef<L.LayerGroup | null>(null);
  useEffect(() => () => void shownRef.current?.remove(), []);
  useEffect(() => {
    const onMoved = () => shownRef.current && keepTabOrderOnScreen(shownRef.current, map);
    map.on('moveend', onMoved);
    return () => void map.off('moveend', onMoved);
  }, [map]);

  useEffect(() => {
    const started = performance.now();
    const group = L.layerGroup();
    const clusterMarker = ({ lat, lng, count }: MapCluster): L.Marker => {
      const label = `${count} ${count === 1 ? 'profile' : 'profiles'} here, zoom in`;
      const marker = L.marker([lat, lng], { icon: clusterIcon(count), keyboard: true, title: label });
      marker.on('add', () => marker.getElement()?.setAttribute('aria-label', label));
      const zoomIn = () => {
        // The cluster leaves with the old layer: the focus waits on the map, where Tab reaches the new one.
        map.getContainer().focus({ preventScroll: true });
        map.setView([lat, lng], Math.min(map.getZoom() + CLUSTER_ZOOM_STEP, map.getMaxZoom()));
      };
      marker.on('click', zoomIn);
      marker.on('keydown', (e: L.LeafletKeyboardEvent) => {
        if (!isPress(e)) return;
        e.originalEvent.preventDefault();
        zoomIn();
      });
      return marker;
    };
    const profileMarker = (profile: MapMarker): L.Marker => {
      const selected = profile.id === selectedId;
      const firstCategory = profile.skills[0]?.category ?? null;
      const icon = profileMarkerIcon(tintOfMarker(profile), markerGlyph({ ...profile, firstCategory }), selected);
      const marker = L.marker([profile.lat, profile.lng], { icon, keyboard: true, title: `${profile.name}, ${profile.title?.trim() || 'Service Provider'}`, zIndexOffset: selected ? 1000 : 0 });
      marker.bindPopup(() => popupContent(profile, (p) => selectRef.current(p)));
      // Space presses the marker as Enter does (Leaflet opens the popup on Enter).
      marker.on('keydown', (e: L.LeafletKeyboardEvent) => {
        if (e.originalEvent.key !== ' ') return;
        e.originalEvent.preventDefault();
        marker.openPopup();
      });
      return marker;
    };
    const make: (() => L.Marker)[] = [...clusters.map((c) => () => clusterMarker(c)), ...markers.map((m) => () => profileMarker(m))];
    let next = 0;
    let raf = 0;
    let cancel: (() => void) | null = null;
    const slice = () => {
      const until = performance.now() + SLICE_MS;
      while (next < make.length && (next === 0 || performance.now() < until)) group.addLayer(make[next++]!());
      if (next < make.length) {
        cancel = inNextTask(slice);
        return;
      }
      cancel = null;
      shownRef.current?.remove();
      shownRef.current = group.addTo(map);
      keepTabOrderOnScreen(group, map);
      const container = map.getContainer();
      container.dataset.markerPoints = String(markers.length);
      container.dataset.clustersRendered = String(clusters.length);
      // Counts the layers drawn, so a test can tell a new view's layer from the one before.
      container.dataset.layerDraws = String(Number(container.dataset.layerDraws ?? 0) + 1);
      // Measured to the next frame, so the figure includes the layout of the new markers.
      raf = requestAnimationFrame(() => {
        window.__fmMarkerLayer = { points: make.length, ms: performance.now() - started };
      });
    };
    cancel = inNextTask(slice);
    return () => {
      cancel?.();
      cancelAnimationFrame(raf);
    };
  }, [markers, clusters, selectedId, map]);

  return null;
}
