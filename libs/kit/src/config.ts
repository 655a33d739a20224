import { z } from 'zod';

/** Thrown at start-up when the environment does not describe a runnable service. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

/**
 * Validates a flat env-like object; on failure lists every missing or bad variable in one error,
 * so an operator fixes them all in one go.
 */
export function parseConfig<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(root)';
    // An absent value is 'missing' whatever zod's wording; a schema's own message for it, which starts so, says more.
    const absent = issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined;
    const received = absent && !issue.message.startsWith('is missing') ? 'is missing' : issue.message;
    return `  - ${name}: ${received}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * For a process's entry point (`bin.ts`): its config, or `undefined` once a ConfigError has been
 * printed to stderr as `<name>: Invalid configuration:` and the list of every missing or bad
 * variable, with exit code 1. An operator gets the message, not a stack trace. Other errors are
 * thrown on.
 */
export function loadConfigOrReport<C>(name: string, load: () => C): C | undefined {
  try {
    return load();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`${name}: ${err.message}`);
    process.exitCode = 1;
    return undefined;
  }
}

/** Empty strings in the environment mean 'not set', as operators expect from `FOO=` lines. */
export function readEnvVars<K extends string>(names: readonly K[], env: NodeJS.ProcessEnv = process.env): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') out[name] = value;
  }
  return out;
}

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const portFromEnv = z.coerce.number().int().min(0).max(65535);

/** `postgres://…` uses a real server; `pglite:<dir>` or `pglite:memory` the embedded one. */
export const databaseUrl = z
  .string()
  .refine((v) => /^postgres(ql)?:\/\//.test(v) || v.startsWith('pglite:'), 'must be postgres://… or pglite:<dir>|pglite:memory');

export const natsUrl = z.string().refine((v) => /^(nats|tls|wss?):\/\//.test(v), 'must be a nats:// URL');
export const redisUrl = z.string().refine((v) => /^rediss?:\/\//.test(v), 'must be a redis:// URL');
