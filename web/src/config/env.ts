/**
 * Build-time configuration (Vite `VITE_*` variables), read once. The tile servers are configurable
 * so a deployment can point the map at a self-hosted tile server; the defaults are OpenStreetMap's
 * standard and humanitarian styles.
 */
export interface MapTileStyle {
  name: string;
  url: string;
  attribution: string;
  maxNativeZoom: number;
}

const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

function read(name: string): string | undefined {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value && value.trim() !== '' ? value.trim() : undefined;
}

export const env = {
  tiles: [
    {
      name: 'Street',
      url: read('VITE_TILE_URL') ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: read('VITE_TILE_ATTRIBUTION') ?? OSM_ATTRIBUTION,
      maxNativeZoom: 19,
    },
    {
      name: 'Humanitarian',
      url: read('VITE_TILE_URL_ALT') ?? 'https://{s}.tile.openstreetmap.fr/hot/{z}/{x}/{y}.png',
      attribution: read('VITE_TILE_ATTRIBUTION_ALT') ?? `${OSM_ATTRIBUTION}, tiles by Humanitarian OpenStreetMap Team`,
      maxNativeZoom: 19,
    },
  ] as const satisfies readonly MapTileStyle[],
} as const;
