import L from 'leaflet';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { MARKER_SIZE, MARKER_SIZE_SELECTED } from '../../../config/constants';
import { MARKER_GLYPH_ICONS, type MarkerGlyph } from '../utils/category-icon';
import type { ProfileTint } from '../utils/profile-view';

/** Spec 01 §2: non-profit teal, candidate orange, all others blue. */
export const MARKER_COLORS: Record<ProfileTint, string> = { nonprofit: '#0f766e', candidate: '#c2410c', default: '#1d4ed8' };

let svgCache: Map<MarkerGlyph, string> | null = null;

/**
 * The lucide icon's SVG markup. Markers are drawn as divIcons with inline SVG instead of the
 * spec's CDN images, which this network (and a self-hosted one) cannot reach.
 *
 * @NOTE Every glyph is rendered in one React root the first time any is needed: a root per glyph
 * costs a phone's main thread about as much as drawing the markers themselves.
 */
function glyphSvg(glyph: MarkerGlyph): string {
  if (!svgCache) {
    const glyphs = Object.keys(MARKER_GLYPH_ICONS) as MarkerGlyph[];
    const host = document.createElement('div');
    const root = createRoot(host);
    flushSync(() => root.render(glyphs.map((g) => createElement('span', { key: g }, createElement(MARKER_GLYPH_ICONS[g], { size: 18, color: '#ffffff', strokeWidth: 2.25, 'aria-hidden': true })))));
    svgCache = new Map(glyphs.map((g, i) => [g, host.children[i]!.innerHTML]));
    root.unmount();
  }
  return svgCache.get(glyph)!;
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
