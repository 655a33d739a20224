import { z } from 'zod';
import { booleanFromEnv, loadServiceConfig, parseConfig, readEnvVars, type ServiceConfig } from '@freemarket/kit';

/** Where card payments go: Stripe with its keys, local mode's development provider, or nowhere. */
export type PaymentsConfig =
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Stripe's API address; tests point it at a local server that speaks the part we use. */
      api: { host: string; port: number; protocol: 'http' | 'https' } | null;
    }
  | { provider: 'development'; webhookSecret: string }
  | { provider: null };

/** When a card payment the buyer never completed is given up, and how often that is checked. */
export interface PendingPaymentsConfig {
  /** An open payment with no news for this long is canceled; until then it holds its item. */
  ttlMinutes: number;
  sweepIntervalSeconds: number;
}

export interface CommerceConfig extends ServiceConfig {
  payments: PaymentsConfig;
  pendingPayments: PendingPaymentsConfig;
}

const envSchema = z
  .object({
    STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must be a Stripe secret key (sk_…)').optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must be a Stripe publishable key (pk_…)').optional(),
    STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)').optional(),
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    // Never on by default: it completes payments without money. Local mode turns it on.
    DEV_PAYMENTS_ENABLED: booleanFromEnv.default(false),
    // Also how long an open payment holds its item; longer than a card's 3-D Secure round trip.
    PENDING_PAYMENT_TTL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(60),
    PENDING_PAYMENT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  })
  .refine((v) => !v.STRIPE_SECRET_KEY || (v.STRIPE_PUBLISHABLE_KEY && v.STRIPE_WEBHOOK_SECRET), {
    path: ['STRIPE_SECRET_KEY'],
    message: 'needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too',
  });

export function loadCommerceConfig(env: NodeJS.ProcessEnv = process.env): CommerceConfig {
  const base = loadServiceConfig('commerce', { port: 5005 }, env);
  const parsed = parseConfig(envSchema, readEnvVars(Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[], env));
  return {
    ...base,
    payments: paymentsFrom(parsed),
    pendingPayments: { ttlMinutes: parsed.PENDING_PAYMENT_TTL_MINUTES, sweepIntervalSeconds: parsed.PENDING_PAYMENT_SWEEP_SECONDS },
  };
}

function paymentsFrom(env: z.infer<typeof envSchema>): PaymentsConfig {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    return {
      provider: 'stripe',
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      api: api && { host: api.hostname, port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)), protocol: api.protocol === 'https:' ? 'https' : 'http' },
    };
  }
  // The development provider signs its own events and client secrets; several instances must share STRIPE_WEBHOOK_SECRET, one alone may make its own.
  if (env.DEV_PAYMENTS_ENABLED) return { provider: 'development', webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? `whsec_dev_${randomSecret()}` };
  return { provider: null };
}

function randomSecret(): string {
  return crypto.getRandomValues(new Uint8Array(24)).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '');
}
