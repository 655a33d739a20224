/** What the map's marker layer and its clustering worker say to each other. */

/**
 * Clustering in screen pixels. Supercluster measures `radius` against a tile `extent` that
 * defaults to 512, but Leaflet's tiles are 256 px, so its default makes the radius 30 px on screen:
 * neighbouring 32-56 px markers and clusters overlap, and Lighthouse's target-size audit fails
 * them as partly covered touch targets. With the extent at 256 the radius is real pixels: 60 px,
 * more than the widest (56 px) bubble, so neighbours do not cover each other (see docs/web.md).
 */
export const CLUSTER_OPTIONS = { radius: 60, extent: 256, maxZoom: 17 } as const;

/** Per feature in a reply: lng, lat, marker index (-1 for a cluster), point count, expansion zoom. */
export const FEATURE_FIELDS = 5;

export type ClusterRequest =
  /** The markers' coordinates as lng, lat pairs, in the markers' order. */
  | { kind: 'load'; coordinates: Float64Array }
  | { kind: 'clusters'; request: number; bbox: [west: number, south: number, east: number, north: number]; zoom: number };

export interface ClusterReply {
  kind: 'clusters';
  request: number;
  features: Float64Array;
}
