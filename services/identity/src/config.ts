import { z } from 'zod';
import { booleanFromEnv, loadServiceConfig, parseConfig, readEnvVars, type ServiceConfig } from '@freemarket/kit';

export interface IdentityConfig extends ServiceConfig {
  /** Where identity asks the directory whether a member has a profile (read-your-writes). */
  directoryUrl: string;
  devOidc: {
    enabled: boolean;
    /** `${PUBLIC_URL}/oidc`: the issuer the browser and the gateway see. */
    issuer: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    /** Signs the provider's own cookies; random per boot when unset. */
    cookieKeys: string[] | null;
  };
  /** Local mode: create the demo members (libs/demo) the first time identity starts. */
  seedDemoData: boolean;
}

const envSchema = z.object({
  PUBLIC_URL: z.url().default('http://localhost:5000'),
  DIRECTORY_URL: z.url().default('http://127.0.0.1:5002'),
  // Never on by default: a provider that signs anyone in by email must be asked for.
  DEV_OIDC_ENABLED: booleanFromEnv.default(false),
  OIDC_CLIENT_ID: z.string().min(1).default('freemarket-gateway'),
  OIDC_CLIENT_SECRET: z.string().min(8).optional(),
  DEV_OIDC_COOKIE_KEYS: z.string().optional(),
  SEED_DEMO_DATA: booleanFromEnv.default(false),
});

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const base = loadServiceConfig('identity', { port: 5001 }, env);
  const raw = readEnvVars(Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[], env);
  const parsed = parseConfig(
    envSchema.refine((v) => !v.DEV_OIDC_ENABLED || v.OIDC_CLIENT_SECRET, {
      path: ['OIDC_CLIENT_SECRET'],
      message: 'is required when DEV_OIDC_ENABLED is true',
    }),
    raw,
  );
  const publicUrl = parsed.PUBLIC_URL.replace(/\/$/, '');
  return {
    ...base,
    directoryUrl: parsed.DIRECTORY_URL.replace(/\/$/, ''),
    devOidc: {
      enabled: parsed.DEV_OIDC_ENABLED,
      issuer: `${publicUrl}/oidc`,
      clientId: parsed.OIDC_CLIENT_ID,
      clientSecret: parsed.OIDC_CLIENT_SECRET ?? '',
      redirectUri: `${publicUrl}/api/callback`,
      cookieKeys: parsed.DEV_OIDC_COOKIE_KEYS ? parsed.DEV_OIDC_COOKIE_KEYS.split(',') : null,
    },
    seedDemoData: parsed.SEED_DEMO_DATA,
  };
}
