import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/** A rendered Kubernetes object; the fields the checks read are typed where they read them. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

export interface Rendering {
  objects: K8sObject[];
  /** `kubectl kustomize`, or the reader below where no kubectl is installed. */
  by: 'kubectl' | 'reader';
}

/** Renders a kustomization with `kubectl kustomize` (no cluster needed), or reads it where kubectl is missing. */
export function renderKustomization(dir: string): Rendering {
  const rendered = renderWithKubectl(dir);
  return rendered ? { objects: rendered, by: 'kubectl' } : { objects: readKustomization(dir), by: 'reader' };
}

/** `kubectl kustomize <dir>`; null when kubectl is not installed. */
export function renderWithKubectl(dir: string): K8sObject[] | null {
  const run = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', timeout: 60_000 });
  if (run.error && 'code' in run.error && run.error.code === 'ENOENT') return null;
  if (run.error) throw run.error;
  // Debian's kubernetes-client (1.20) embeds kustomize 2, which cannot read a folder in `resources`.
  if (run.status !== 0) throw new Error(`kubectl kustomize ${dir} failed (these kustomizations need kustomize 4 or later, kubectl 1.21+): ${run.stderr}`);
  return parseObjects(run.stdout);
}

/** The fields the reader applies; a kustomization using any other needs kubectl to render. */
const READER_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images']);

interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
}

/**
 * Kustomize's rendering for the few fields these kustomizations use (resources, namespace,
 * images), so machines without kubectl check the manifests too; it refuses any other field.
 */
export function readKustomization(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  const raw: unknown = parse(readFileSync(file, 'utf8'));
  if (!isRecord(raw)) throw new Error(`${file} is not a mapping`);
  const unsupported = Object.keys(raw).filter((field) => !READER_FIELDS.has(field));
  if (unsupported.length > 0) throw new Error(`${file} uses ${unsupported.join(', ')}, which only kubectl kustomize renders`);
  const kustomization = raw as Kustomization;
  const objects = (kustomization.resources ?? []).flatMap((resource) => {
    const path = join(dir, resource);
    return statSync(path).isDirectory() ? readKustomization(path) : parseObjects(readFileSync(path, 'utf8'));
  });
  return objects.map((object) => withImages(withNamespace(object, kustomization.namespace), kustomization.images ?? []));
}

/** Kinds without a namespace, which kustomize's namespace field leaves alone. */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PriorityClass', 'StorageClass']);

function withNamespace(object: K8sObject, namespace: string | undefined): K8sObject {
  if (!namespace || CLUSTER_SCOPED.has(object.kind)) return object;
  return { ...object, metadata: { ...object.metadata, namespace } };
}

function withImages(object: K8sObject, images: NonNullable<Kustomization['images']>): K8sObject {
  if (images.length === 0) return object;
  return JSON.parse(JSON.stringify(object), (key: string, value: unknown) => {
    if (key !== 'image' || typeof value !== 'string') return value;
    // A tag's colon comes after the last slash; one before it belongs to a registry's port.
    const reference = value.split('@')[0] ?? value;
    const colon = reference.indexOf(':', reference.lastIndexOf('/') + 1);
    const name = colon === -1 ? reference : reference.slice(0, colon);
    const image = images.find((i) => i.name === name);
    if (!image) return value;
    const tag = image.newTag ?? (colon === -1 ? undefined : reference.slice(colon + 1));
    return `${image.newName ?? name}${tag ? `:${tag}` : ''}`;
  }) as K8sObject;
}

export function parseObjects(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as unknown)
    .filter((value) => value !== null)
    .map((value) => {
      if (!isK8sObject(value)) throw new Error(`not a Kubernetes object: ${JSON.stringify(value).slice(0, 200)}`);
      return value;
    });
}

function isK8sObject(value: unknown): value is K8sObject {
  return isRecord(value) && typeof value.apiVersion === 'string' && typeof value.kind === 'string' && isRecord(value.metadata) && typeof value.metadata.name === 'string';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
