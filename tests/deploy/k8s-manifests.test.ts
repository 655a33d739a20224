import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { readKustomization, renderKustomization, renderWithKubectl, type K8sObject, type Rendering } from './kustomize.js';
import { addressesOfThisMachine, checkServiceEnv, sampleSecrets, SERVICE_NAMES, type EnvCheck } from './service-env.js';

const K8S = fileURLToPath(new URL('../../deploy/k8s/', import.meta.url));
const BASE = `${K8S}base`;
const EXAMPLE = `${K8S}overlays/example`;

/** The schema of every kind the manifests use; an object of another kind fails until it is added here. */
const SCHEMAS: Record<string, new () => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Namespace': Namespace,
  'v1/Secret': Secret,
  'v1/Service': Service,
};

const AUTOSCALED = ['directory', 'messaging'];

let rendering: Rendering;
let samples: Record<string, string>;

beforeAll(async () => {
  rendering = renderKustomization(EXAMPLE);
  samples = await sampleSecrets();
});

const objectsOf = (kind: string) => rendering.objects.filter((o) => o.kind === kind);
const deployments = () => rendering.objects.flatMap((o) => (Deployment.is(o) ? [o] : []));
const deployment = (name: string) => deployments().find((d) => d.metadata?.name === name);
const containersOf = (d: IDeployment | undefined): IContainer[] => d?.spec?.template.spec?.containers ?? [];
/** The environment of a Deployment's (only) container. */
const envOf = (name: string) => containerEnv(containersOf(deployment(name))[0] ?? { name }, rendering.objects, samples).env;
const key = (o: K8sObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

describe('Kubernetes manifests (deploy/k8s)', () => {
  it('should render the base and the example overlay', () => {
    expect(renderKustomization(BASE).objects.length).toBeGreaterThan(0);
    expect(rendering.objects.map((o) => o.kind)).toContain('Deployment');
  });

  it('should read the kustomizations as kubectl kustomize renders them, where kubectl is installed', () => {
    // The reader stands in for kubectl on machines without it; where both exist they must agree.
    for (const dir of [BASE, EXAMPLE]) {
      const kubectl = renderWithKubectl(dir);
      if (kubectl === null) continue;
      const byKey = (objects: K8sObject[]) => Object.fromEntries(objects.map((o) => [key(o), o]));
      expect(byKey(readKustomization(dir))).toEqual(byKey(kubectl));
    }
  });

  it('should validate every object against the Kubernetes schemas', () => {
    const problems = rendering.objects.flatMap((object) => {
      const Schema = SCHEMAS[`${object.apiVersion}/${object.kind}`];
      if (!Schema) return [`${key(object)}: no schema for ${object.apiVersion} ${object.kind}`];
      try {
        Object.assign(new Schema(), object).validate();
        return [];
      } catch (err) {
        return [`${key(object)}: ${err instanceof Error ? err.message : String(err)}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it('should give every service a Deployment, a Service on its port and a PodDisruptionBudget over its pods', () => {
    for (const name of SERVICE_NAMES) {
      const workload = deployment(name);
      const podLabels = workload?.spec?.template.metadata?.labels ?? {};
      const port = containersOf(workload)[0]?.ports?.[0];
      const service = rendering.objects.flatMap((o) => (Service.is(o) && o.metadata?.name === name ? [o] : []))[0];
      const budget = rendering.objects.flatMap((o) => (PodDisruptionBudget.is(o) && o.metadata?.name === name ? [o] : []))[0];
      expect(workload?.spec?.selector.matchLabels, name).toEqual({ 'app.kubernetes.io/name': name });
      expect(podLabels).toMatchObject(workload?.spec?.selector.matchLabels ?? {});
      expect(podLabels).toMatchObject(service?.spec?.selector ?? { missing: 'selector' });
      expect(service?.spec?.ports?.[0]).toMatchObject({ port: port?.containerPort, targetPort: port?.name });
      expect(podLabels).toMatchObject(budget?.spec?.selector?.matchLabels ?? { missing: 'selector' });
    }
    expect(deployments().map((d) => d.metadata?.name).sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('should probe readiness on /readyz and liveness on /healthz at the container port', () => {
    for (const container of deployments().flatMap(containersOf)) {
      const port = container.ports?.[0]?.name;
      expect(container.readinessProbe?.httpGet, container.name).toEqual({ path: '/readyz', port });
      expect(container.livenessProbe?.httpGet, container.name).toEqual({ path: '/healthz', port });
    }
  });

  it('should mark every pod for Prometheus to scrape /metrics on its container port', () => {
    for (const deployment of deployments()) {
      const port = deployment.spec?.template.spec?.containers[0]?.ports?.[0]?.containerPort;
      expect(deployment.spec?.template.metadata?.annotations, deployment.metadata?.name).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(port),
        'prometheus.io/path': '/metrics',
      });
    }
  });

  it('should set resource requests and limits of CPU and memory on every container', () => {
    for (const container of deployments().flatMap(containersOf)) {
      expect(Object.keys(container.resources?.requests ?? {}).sort(), container.name).toEqual(['cpu', 'memory']);
      expect(Object.keys(container.resources?.limits ?? {}).sort(), container.name).toEqual(['cpu', 'memory']);
    }
  });

  it('should autoscale messaging and directory, leaving their replica counts to the autoscaler', () => {
    const autoscalers = rendering.objects.flatMap((o) => (HorizontalPodAutoscaler.is(o) ? [o] : []));
    expect(autoscalers.map((h) => h.spec?.scaleTargetRef).sort((a, b) => (a?.name ?? '').localeCompare(b?.name ?? ''))).toEqual(
      AUTOSCALED.map((name) => ({ apiVersion: 'apps/v1', kind: 'Deployment', name })),
    );
    for (const h of autoscalers) expect(h.spec?.minReplicas, h.metadata?.name).toBeGreaterThanOrEqual(2);
    for (const d of deployments()) {
      if (AUTOSCALED.includes(d.metadata?.name ?? '')) expect(d.spec?.replicas, d.metadata?.name).toBeUndefined();
      else expect(d.spec?.replicas, d.metadata?.name).toBeGreaterThanOrEqual(2);
    }
  });

  it('should give each container exactly the variables its service reads, every required one included', () => {
    const checks: Record<string, EnvCheck> = {};
    for (const d of deployments()) {
      for (const container of containersOf(d)) {
        const { env, problems } = containerEnv(container, rendering.objects, samples);
        const check = checkServiceEnv(env.SERVICE ?? '(no SERVICE)', env);
        checks[`${d.metadata?.name}/${container.name}`] = { unknown: check.unknown, error: [...problems, check.error].filter(Boolean).join('; ') || null };
      }
    }
    const clean = Object.fromEntries(Object.keys(checks).map((name) => [name, { unknown: [], error: null }]));
    expect(checks).toEqual(clean);
  });

  it('should point no container at localhost: a variable left to its local default reaches nothing in a pod', () => {
    const found = Object.fromEntries(
      deployments().flatMap(containersOf).map((container) => {
        const { env } = containerEnv(container, rendering.objects, samples);
        return [container.name, addressesOfThisMachine(env.SERVICE ?? '(no SERVICE)', env)];
      }),
    );
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((name) => [name, []])));
  });

  it('should point the gateway and identity at the Services of the services they call', () => {
    const servicePorts = new Map(rendering.objects.flatMap((o) => (Service.is(o) ? [[o.metadata?.name, o.spec?.ports?.[0]?.port] as const] : [])));
    const gatewayEnv = envOf('gateway');
    const identityEnv = envOf('identity');
    const targets = [
      ...SERVICE_NAMES.filter((s) => s !== 'gateway').map((s) => [s, gatewayEnv[`${s.toUpperCase()}_URL`]] as const),
      ['directory', identityEnv.DIRECTORY_URL] as const,
    ];
    for (const [service, url] of targets) {
      const { hostname, port } = new URL(url ?? 'http://missing');
      expect({ hostname, port: Number(port) }, `${service}: ${url}`).toEqual({ hostname: service, port: servicePorts.get(service) });
    }
  });

  it('should give the private assertion key to the gateway alone', () => {
    const holders = deployments()
      .filter((d) => containersOf(d).some((c) => c.env?.some((v) => v.valueFrom?.secretKeyRef?.key === 'ASSERTION_PRIVATE_KEY')))
      .map((d) => d.metadata?.name);
    expect(holders).toEqual(['gateway']);
  });

  it('should hold placeholders in the Secrets, never real values', () => {
    for (const secret of objectsOf('Secret')) {
      const values = Object.values({ ...(secret.stringData as Record<string, string>), ...(secret.data as Record<string, string>) });
      for (const value of values) expect(value === '' || value.includes('REPLACE_ME'), `${secret.metadata.name}: ${value}`).toBe(true);
    }
  });

  it('should leave migrations on, so each release is migrated once by the first instance to take the advisory lock', () => {
    for (const container of deployments().flatMap(containersOf)) {
      const migrate = containerEnv(container, rendering.objects, samples).env.DB_MIGRATE;
      expect([undefined, 'true'], container.name).toContain(migrate);
    }
  });
});

/**
 * A container's environment as the kubelet builds it: literal values, ConfigMap and Secret keys,
 * and whole ConfigMaps and Secrets. Secret values are the operator's, so each comes from
 * `samples` where it has one.
 */
function containerEnv(container: IContainer, objects: K8sObject[], samples: Record<string, string>): { env: Record<string, string>; problems: string[] } {
  const env: Record<string, string> = {};
  const problems: string[] = [];
  const dataOf = (kind: 'ConfigMap' | 'Secret', name: string): Record<string, string> | undefined => {
    const object = objects.find((o) => o.kind === kind && o.metadata.name === name);
    if (!object) return undefined;
    return kind === 'ConfigMap' ? (object.data as Record<string, string>) : { ...(object.data as Record<string, string>), ...(object.stringData as Record<string, string>) };
  };
  for (const source of container.envFrom ?? []) {
    const [kind, ref] = source.configMapRef ? (['ConfigMap', source.configMapRef] as const) : (['Secret', source.secretRef] as const);
    const data = dataOf(kind, ref?.name ?? '');
    if (!data) {
      if (!ref?.optional) problems.push(`no ${kind} ${ref?.name}`);
      continue;
    }
    for (const [name, value] of Object.entries(data)) env[`${source.prefix ?? ''}${name}`] = kind === 'Secret' ? (samples[name] ?? value) : value;
  }
  for (const variable of container.env ?? []) {
    const from = variable.valueFrom;
    if (!from) {
      env[variable.name] = variable.value ?? '';
      continue;
    }
    const [kind, ref] = from.configMapKeyRef ? (['ConfigMap', from.configMapKeyRef] as const) : (['Secret', from.secretKeyRef] as const);
    const value = ref ? dataOf(kind, ref.name ?? '')?.[ref.key] : undefined;
    if (value === undefined) {
      if (!ref?.optional) problems.push(`${variable.name}: no ${kind} key ${ref?.name}/${ref?.key}`);
      continue;
    }
    env[variable.name] = kind === 'Secret' ? (samples[variable.name] ?? value) : value;
  }
  return { env, problems };
}
