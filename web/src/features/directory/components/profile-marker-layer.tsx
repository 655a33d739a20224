import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { MAX_SKILLS_SHOWN } from '../../../config/constants';
import { markerGlyph } from '../utils/category-icon';
import type { MapMarker } from '../utils/map-marker';
import { MarkerClusterIndex, type ClusterFeature } from '../utils/marker-clusters';
import { inNextTask } from '../../../lib/schedule';
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
    line.textContent = `★ ${formatRating(rating)} (${profile.reviewCount} reviews)`;
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

/**
 * One marker per profile, clustered in a worker (MarkerClusterIndex) so 10,000 profiles stay
 * fluid: only the clusters and markers inside the view exist as DOM nodes, and they are rebuilt on
 * every pan or zoom and whenever the list or the selection changes.
 *
 * @NOTE The main thread only draws, cut into short tasks (slices of SLICE_MS) that start after
 * React's commit: a hundred Leaflet markers in one go block a phone's main thread for 200 ms and
 * more. The new markers go into their own group and replace the old group only when complete, so
 * a pan never shows a half-drawn layer.
 */
export function ProfileMarkerLayer({ markers, selectedId, onSelect }: { markers: MapMarker[]; selectedId: string | null; onSelect: (m: MapMarker) => void }) {
  const map = useMap();
  const indexRef = useRef<MarkerClusterIndex | null>(null);
  const selectRef = useRef(onSelect);
  const selectedRef = useRef(selectedId);
  const renderRef = useRef<(done?: (rendered: number) => void) => void>(() => undefined);
  const waitingRef = useRef(new Set<(rendered: number) => void>());
  selectRef.current = onSelect;
  selectedRef.current = selectedId;

  useEffect(() => {
    const index = new MarkerClusterIndex();
    indexRef.current = index;
    let shown: L.LayerGroup | null = null;
    let building: L.LayerGroup | null = null;
    let cancel: (() => void) | null = null;
    // Only the newest request draws: a pan answered after a later one is dropped.
    let latest = 0;
    // Whoever asked for a render hears when the next one completes, even if a newer request replaced theirs.
    const waiting = waitingRef.current;
    const finish = (rendered: number) => {
      const listeners = [...waiting];
      waiting.clear();
      for (const done of listeners) done(rendered);
    };
    const stop = () => {
      latest++;
      cancel?.();
      cancel = null;
      building?.remove();
      building = null;
    };
    const markerOf = (f: ClusterFeature): L.Marker => {
      if (!f.marker) {
        const { count, expansionZoom, lat, lng } = f;
        const marker = L.marker([lat, lng], { icon: clusterIcon(count), keyboard: true, title: `${count} profiles: zoom in` });
        marker.on('click', () => map.setView([lat, lng], Math.min(expansionZoom, map.getMaxZoom())));
        return marker;
      }
      const profile = f.marker;
      const selected = profile.id === selectedRef.current;
      const firstCategory = profile.skills[0]?.category ?? null;
      const icon = profileMarkerIcon(tintOfMarker(profile), markerGlyph({ ...profile, firstCategory }), selected);
      const marker = L.marker([f.lat, f.lng], { icon, keyboard: true, title: `${profile.name}, ${profile.title?.trim() || 'Service Provider'}`, zIndexOffset: selected ? 1000 : 0 });
      marker.bindPopup(() => popupContent(profile, (p) => selectRef.current(p)));
      return marker;
    };
    const draw = (features: ClusterFeature[]) => {
      const group = L.layerGroup().addTo(map);
      building = group;
      let next = 0;
      const slice = () => {
        const until = performance.now() + SLICE_MS;
        while (next < features.length && (next === 0 || performance.now() < until)) group.addLayer(markerOf(features[next++]!));
        if (next < features.length) {
          cancel = inNextTask(slice);
          return;
        }
        cancel = null;
        building = null;
        shown?.remove();
        shown = group;
        map.getContainer().dataset.markersRendered = String(features.length);
        finish(features.length);
      };
      slice();
    };
    const render = () => {
      stop();
      const request = latest;
      const b = map.getBounds();
      void index.clusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(map.getZoom())).then((features) => {
        if (request === latest) draw(features);
      });
    };
    renderRef.current = (done) => {
      if (done) waiting.add(done);
      stop();
      cancel = inNextTask(render);
    };
    const onMove = () => renderRef.current();
    map.on('moveend', onMove);
    return () => {
      map.off('moveend', onMove);
      stop();
      shown?.remove();
      index.terminate();
      indexRef.current = null;
      renderRef.current = () => undefined;
    };
  }, [map]);

  useEffect(() => {
    const started = performance.now();
    let raf = 0;
    indexRef.current?.load(markers);
    const done = (rendered: number) => {
      // Measured to the next frame, so the figure includes the layout of the new markers.
      raf = requestAnimationFrame(() => {
        const ms = performance.now() - started;
        window.__fmMarkerLayer = { points: markers.length, ms };
        map.getContainer().dataset.markerPoints = String(markers.length);
        map.getContainer().dataset.markersRendered = String(rendered);
      });
    };
    renderRef.current(done);
    return () => {
      // A list replaced before its first render completed reports nothing.
      waitingRef.current.delete(done);
      cancelAnimationFrame(raf);
    };
  }, [markers, map]);

  useEffect(() => {
    renderRef.current();
  }, [selectedId]);

  return null;
}
