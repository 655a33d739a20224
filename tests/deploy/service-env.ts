import { readFileSync } from 'node:fs';
import { generateAssertionKeys } from '@freemarket/kit';
import { loadCommerceConfig } from '../../services/commerce/src/config.js';
import { loadDirectoryConfig } from '../../services/directory/src/config.js';
import { loadGatewayConfig, readGatewayEnv } from '../../services/gateway/src/config.js';
import { loadIdentityConfig } from '../../services/identity/src/config.js';
import { loadMessagingConfig } from '../../services/messaging/src/config.js';
import { loadRewardsConfig } from '../../services/rewards/src/config.js';
import { loadSocialConfig } from '../../services/social/src/config.js';

/** How each service reads its environment at start, keyed by the `SERVICE` value that picks it in the image. */
const LOADERS = {
  gateway: (env: NodeJS.ProcessEnv) => loadGatewayConfig(readGatewayEnv(env)),
  identity: loadIdentityConfig,
  directory: loadDirectoryConfig,
  social: loadSocialConfig,
  messaging: loadMessagingConfig,
  commerce: loadCommerceConfig,
  rewards: loadRewardsConfig,
} satisfies Record<string, (env: NodeJS.ProcessEnv) => unknown>;

export type ServiceName = keyof typeof LOADERS;
export const SERVICE_NAMES = Object.keys(LOADERS) as ServiceName[];

/** Read around the zod config: by the image's entrypoint (deploy/start-service.sh) and by the OpenTelemetry SDK. */
function readOutsideConfig(name: string): boolean {
  return name === 'SERVICE' || name.startsWith('OTEL_');
}

/** The environment the image itself gives every container: the `ENV` lines of the Dockerfile's last stage. */
export function imageEnv(): Record<string, string> {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  return Object.fromEntries([...lastStage.matchAll(/^ENV\s+([A-Za-z_][A-Za-z0-9_]*)=(\S*)\s*$/gm)].map((m) => [m[1]!, m[2]!]));
}

export interface EnvCheck {
  /** Names the service would ignore: a typo, or a variable renamed in code. */
  unknown: string[];
  /** The service's own start-up error (every missing or bad variable), or null when it would start. */
  error: string | null;
}

interface Loaded {
  config: unknown;
  /** Every name the service's config looked up, set or not. */
  read: Set<string>;
  error: string | null;
}

/** Loads `service`'s config from `env` on top of the image's own environment, as its `bin` does in a container. */
function load(service: string, env: Record<string, string>): Loaded {
  const read = new Set<string>();
  if (!isServiceName(service)) return { config: null, read, error: `SERVICE=${service} names no service (${SERVICE_NAMES.join(', ')})` };
  const recording = new Proxy(
    { ...imageEnv(), ...env },
    {
      get(target, key) {
        if (typeof key === 'string') read.add(key);
        return Reflect.get(target, key);
      },
    },
  );
  try {
    return { config: LOADERS[service](recording), read, error: null };
  } catch (err) {
    return { config: null, read, error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Loads `service`'s config from `env` as its `bin` does, recording which variables it reads. The
 * unknown names are only told once the config loads, since a loader that fails early has not yet
 * read the rest of its names.
 */
export function checkServiceEnv(service: string, env: Record<string, string>): EnvCheck {
  const { read, error } = load(service, env);
  if (error !== null) return { unknown: [], error };
  return { unknown: Object.keys(env).filter((name) => !read.has(name) && !readOutsideConfig(name)), error: null };
}

/** The variables `service`'s config reads, whether `env` sets them or not. */
export function variablesRead(service: string, env: Record<string, string>): string[] {
  return [...load(service, env).read].sort();
}

const THIS_MACHINE = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The addresses in `service`'s loaded config that point at the machine it runs on, as
 * `path: address`: in a container or pod that is the container itself, and for the site's own
 * address (PUBLIC_URL, what follows it) a developer's default that browsers of a real site never
 * use. Such a value is a variable the deployment forgot to pass, whose localhost default applied.
 */
export function addressesOfThisMachine(service: string, env: Record<string, string>): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === 'string') {
      if (URL.canParse(value) && THIS_MACHINE.has(new URL(value).hostname)) found.push(`${path}: ${value}`);
    } else if (Array.isArray(value)) value.forEach((item, i) => walk(item, `${path}[${i}]`));
    else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) walk(item, path ? `${path}.${key}` : key);
  };
  const { config, error } = load(service, env);
  if (error !== null) return [`(no config: ${error})`];
  walk(config, '');
  return found;
}

function isServiceName(name: string): name is ServiceName {
  return Object.hasOwn(LOADERS, name);
}

/**
 * Values of the form each secret variable needs, standing in for what an operator supplies: the
 * manifests hold placeholders there, which the configs rightly refuse.
 */
export async function sampleSecrets(): Promise<Record<string, string>> {
  const keys = await generateAssertionKeys();
  // As scripts/generate-keys.ts writes them: PEM on one line with \n escapes.
  const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
  return {
    ASSERTION_PRIVATE_KEY: oneLine(keys.privateKeyPem),
    ASSERTION_PUBLIC_KEY: oneLine(keys.publicKeyPem),
    OIDC_CLIENT_SECRET: 'sample-client-secret',
    STRIPE_SECRET_KEY: 'sk_test_sample',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_sample',
    STRIPE_WEBHOOK_SECRET: 'whsec_sample',
  };
}
