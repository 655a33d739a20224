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

export interface EnvCheck {
  /** Names the service would ignore: a typo, or a variable renamed in code. */
  unknown: string[];
  /** The service's own start-up error (every missing or bad variable), or null when it would start. */
  error: string | null;
}

/**
 * Loads `service`'s config from `env` as its `bin` does, recording which variables it reads. The
 * unknown names are only told once the config loads, since a loader that fails early has not yet
 * read the rest of its names.
 */
export function checkServiceEnv(service: string, env: Record<string, string>): EnvCheck {
  if (!isServiceName(service)) return { unknown: [], error: `SERVICE=${service} names no service (${SERVICE_NAMES.join(', ')})` };
  const read = new Set<string>();
  const recording = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key);
    },
  });
  try {
    LOADERS[service](recording);
  } catch (err) {
    return { unknown: [], error: err instanceof Error ? err.message : String(err) };
  }
  return { unknown: Object.keys(env).filter((name) => !read.has(name) && !readOutsideConfig(name)), error: null };
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
