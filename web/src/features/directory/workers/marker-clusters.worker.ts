import Supercluster from 'supercluster';
import { CLUSTER_OPTIONS, FEATURE_FIELDS, type ClusterReply, type ClusterRequest } from '../utils/marker-cluster-protocol';

/**
 * Clusters the map's markers off the main thread: indexing thousands of points takes a phone's
 * main thread 100 ms and more in one piece, and the map only needs the few hundred features in view.
 */
const scope = self as unknown as { onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null; postMessage(message: ClusterReply, transfer: Transferable[]): void };

let index: Supercluster<{ point: number }> | null = null;

scope.onmessage = ({ data }) => {
  if (data.kind === 'load') {
    const points = [];
    for (let i = 0; i < data.coordinates.length / 2; i++) {
      points.push({ type: 'Feature' as const, properties: { point: i }, geometry: { type: 'Point' as const, coordinates: [data.coordinates[2 * i]!, data.coordinates[2 * i + 1]!] } });
    }
    index = new Supercluster<{ point: number }>(CLUSTER_OPTIONS).load(points);
    return;
  }
  const found = index ? index.getClusters(data.bbox, data.zoom) : [];
  const features = new Float64Array(found.length * FEATURE_FIELDS);
  found.forEach((f, i) => {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    const cluster = 'cluster' in f.properties && f.properties.cluster ? f.properties : null;
    features.set([lng, lat, cluster ? -1 : (f.properties as { point: number }).point, cluster ? cluster.point_count : 1, cluster ? index!.getClusterExpansionZoom(cluster.cluster_id) : data.zoom], i * FEATURE_FIELDS);
  });
  scope.postMessage({ kind: 'clusters', request: data.request, features }, [features.buffer]);
};
