import L from 'leaflet';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MARKER_SIZE, MARKER_SIZE_SELECTED } from '../../../config/constants';
import { MARKER_GLYPH_ICONS, type MarkerGlyph } from '../utils/category-icon';
import type { ProfileTint } from '../utils/profile-view';

/** Spec 01 §2: non-profit teal, candidate orange, all others blue. */
export const MARKER_COLORS: Record<ProfileTint, string> = { nonprofit: '#0f766e', candidate: '#c2410c', default: '#1d4ed8' };

const svgCache = new Map<MarkerGlyph, string>();

/**
 * The lucide icon's SVG markup, rendered once per glyph. Markers are drawn as divIcons with inline
 * SVG instead of the spec's CDN images, which this network (and a self-hosted one) cannot reach.
 */
function glyphSvg(glyph: MarkerGlyph): string {
  const cached = svgCache.get(glyph);
  if (cached) return cached;
  const host = document.createElement('div');
  const root = createRoot(host);
  flushSync(() => root.render(createElement(MARKER_GLYPH_ICONS[glyph], { size: 18, color: '#ffffff', strokeWidth: 2.25, 'aria-hidden': true })));
  const svg = host.innerHTML;
  root.unmount();
  svgCache.set(glyph, svg);
  return svg;
}

const iconCache = new Map<string, L.DivIcon>();

/** A round marker of the profile's colour with its glyph, 32 px or 40 px when selected. */
export function profileMarkerIcon(tint: ProfileTint, glyph: MarkerGlyph, selected: boolean): L.DivIcon {
  const key = `${tint}:${glyph}:${selected}`;
  let icon = iconCache.get(key);
  if (!icon) {
    const size = selected ? MARKER_SIZE_SELECTED : MARKER_SIZE;
    icon = L.divIcon({
      className: 'fm-marker-wrap',
      html: `<div class="fm-marker${selected ? ' fm-marker-selected' : ''}" data-kind="${tint}" style="width:${size}px;height:${size}px;background:${MARKER_COLORS[tint]}">${glyphSvg(glyph)}</div>`,
      iconSize: [size, size],
      iconAnchor: [size / 2, size / 2],
      popupAnchor: [0, -size / 2],
    });
    iconCache.set(key, icon);
  }
  return icon;
}

/** A cluster bubble; its size grows with the count. */
export function clusterIcon(count: number): L.DivIcon {
  const size = count < 10 ? 34 : count < 100 ? 40 : count < 1000 ? 48 : 56;
  const label = count >= 1000 ? `${Math.round(count / 100) / 10}k` : String(count);
  return L.divIcon({
    className: 'fm-marker-wrap',
    html: `<div class="fm-cluster" style="width:${size}px;height:${size}px">${label}</div>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The pulsing dot of 'Your Location'. */
export const ownLocationIcon = L.divIcon({ className: 'fm-marker-wrap', html: '<div class="fm-own-location"></div>', iconSize: [18, 18], iconAnchor: [9, 9] });
