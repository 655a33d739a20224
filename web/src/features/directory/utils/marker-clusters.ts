import type { MapMarker } from './map-marker';
import { FEATURE_FIELDS, type ClusterReply, type ClusterRequest } from './marker-cluster-protocol';

/** A marker, or a cluster of `count` markers that splits when the map zooms to `expansionZoom`. */
export type ClusterFeature = { lng: number; lat: number } & ({ marker: MapMarker } | { marker: null; count: number; expansionZoom: number });

/**
 * The map's markers, clustered in a worker. Requests are answered in order, each against the
 * markers of the latest `load` before it.
 */
export class MarkerClusterIndex {
  private readonly worker = new Worker(new URL('../workers/marker-clusters.worker.ts', import.meta.url), { type: 'module', name: 'marker-clusters' });
  private readonly waiting = new Map<number, { markers: MapMarker[]; resolve: (features: ClusterFeature[]) => void }>();
  private markers: MapMarker[] = [];
  private requests = 0;
  private failed = false;

  constructor() {
    this.worker.onmessage = ({ data }: MessageEvent<ClusterReply>) => {
      const entry = this.waiting.get(data.request);
      if (!entry) return;
      this.waiting.delete(data.request);
      entry.resolve(decode(data.features, entry.markers));
    };
    // A worker that cannot load (a stale deploy's script gone) or throws: an empty map, said in the
    // console, rather than requests that never settle.
    this.worker.onerror = (event) => {
      console.error('marker clustering failed', event.message);
      this.failed = true;
      for (const { resolve } of this.waiting.values()) resolve([]);
      this.waiting.clear();
    };
  }

  load(markers: MapMarker[]): void {
    this.markers = markers;
    const coordinates = new Float64Array(markers.length * 2);
    markers.forEach((m, i) => {
      coordinates[2 * i] = m.lng;
      coordinates[2 * i + 1] = m.lat;
    });
    this.post({ kind: 'load', coordinates }, [coordinates.buffer]);
  }

  /** The clusters and single markers inside `bbox` at `zoom`. */
  clusters(bbox: [number, number, number, number], zoom: number): Promise<ClusterFeature[]> {
    const request = ++this.requests;
    if (this.failed) return Promise.resolve([]);
    return new Promise((resolve) => {
      this.waiting.set(request, { markers: this.markers, resolve });
      this.post({ kind: 'clusters', request, bbox, zoom }, []);
    });
  }

  terminate(): void {
    this.worker.terminate();
    this.waiting.clear();
  }

  private post(message: ClusterRequest, transfer: Transferable[]): void {
    this.worker.postMessage(message, transfer);
  }
}

function decode(features: Float64Array, markers: MapMarker[]): ClusterFeature[] {
  const out: ClusterFeature[] = [];
  for (let i = 0; i < features.length; i += FEATURE_FIELDS) {
    const [lng, lat, point, count, expansionZoom] = features.subarray(i, i + FEATURE_FIELDS) as unknown as [number, number, number, number, number];
    if (point < 0) out.push({ lng, lat, marker: null, count, expansionZoom });
    else if (markers[point]) out.push({ lng, lat, marker: markers[point] });
  }
  return out;
}
