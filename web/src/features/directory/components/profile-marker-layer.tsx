import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import Supercluster, { type PointFeature } from 'supercluster';
import { MAX_SKILLS_SHOWN } from '../../../config/constants';
import { markerGlyph } from '../utils/category-icon';
import type { MapMarker } from '../utils/map-marker';
import { formatRating } from '../utils/profile-view';
import { clusterIcon, profileMarkerIcon } from './marker-icons';

interface PointProps {
  marker: MapMarker;
}

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

function toPoints(markers: MapMarker[]): Array<PointFeature<PointProps>> {
  return markers.map((marker) => ({ type: 'Feature', properties: { marker }, geometry: { type: 'Point', coordinates: [marker.lng, marker.lat] } }));
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

/**
 * One marker per profile, clustered with supercluster so 10,000 profiles stay fluid: only the
 * clusters and markers inside the view exist as DOM nodes, and they are rebuilt on every pan or
 * zoom and whenever the list or the selection changes.
 */
export function ProfileMarkerLayer({ markers, selectedId, onSelect }: { markers: MapMarker[]; selectedId: string | null; onSelect: (m: MapMarker) => void }) {
  const map = useMap();
  const indexRef = useRef<Supercluster<PointProps> | null>(null);
  const layerRef = useRef<L.LayerGroup | null>(null);
  const selectRef = useRef(onSelect);
  const selectedRef = useRef(selectedId);
  const renderRef = useRef<() => number>(() => 0);
  selectRef.current = onSelect;
  selectedRef.current = selectedId;

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    layerRef.current = layer;
    const render = (): number => {
      const index = indexRef.current;
      layer.clearLayers();
      if (!index) return 0;
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      const features = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom);
      for (const f of features) {
        const [lng, lat] = f.geometry.coordinates as [number, number];
        if ('cluster' in f.properties && f.properties.cluster) {
          const count = f.properties.point_count;
          const clusterId = f.properties.cluster_id;
          const marker = L.marker([lat, lng], { icon: clusterIcon(count), keyboard: true, title: `${count} profiles: zoom in` });
          marker.on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), map.getMaxZoom())));
          layer.addLayer(marker);
          continue;
        }
        const profile = (f.properties as PointProps).marker;
        const selected = profile.id === selectedRef.current;
        const firstCategory = profile.skills[0]?.category ?? null;
        const icon = profileMarkerIcon(tintOfMarker(profile), markerGlyph({ ...profile, firstCategory }), selected);
        const marker = L.marker([lat, lng], { icon, keyboard: true, title: `${profile.name}, ${profile.title?.trim() || 'Service Provider'}`, zIndexOffset: selected ? 1000 : 0 });
        marker.bindPopup(() => popupContent(profile, (p) => selectRef.current(p)));
        layer.addLayer(marker);
      }
      return features.length;
    };
    renderRef.current = render;
    const onMove = () => {
      map.getContainer().dataset.markersRendered = String(render());
    };
    map.on('moveend', onMove);
    return () => {
      map.off('moveend', onMove);
      layer.remove();
      layerRef.current = null;
    };
  }, [map]);

  useEffect(() => {
    const started = performance.now();
    const points = toPoints(markers);
    indexRef.current = new Supercluster<PointProps>({ radius: 60, maxZoom: 17 }).load(points);
    const rendered = renderRef.current();
    map.getContainer().dataset.markersRendered = String(rendered);
    // Measured to the next frame, so the figure includes the layout of the new markers.
    const raf = requestAnimationFrame(() => {
      const ms = performance.now() - started;
      window.__fmMarkerLayer = { points: points.length, ms };
      map.getContainer().dataset.markerPoints = String(points.length);
      map.getContainer().dataset.markersRendered = String(rendered);
    });
    return () => cancelAnimationFrame(raf);
  }, [markers, map]);

  useEffect(() => {
    renderRef.current();
  }, [selectedId]);

  return null;
}
