import type { App, ReadinessCheck } from './app.js';
import { loadConfigOrReport } from './config.js';
import { createLogger } from './logger.js';
import { runUntilSignal } from './lifecycle.js';
import { ServiceRuntime, type RuntimeOverrides, type ServiceTables } from './runtime.js';
import type { ServiceConfig } from './service-config.js';

export interface ServiceHandle<C> {
  ctx: C;
  runtime: ServiceRuntime;
  app: App;
  start(): Promise<{ url: string }>;
  destroy(): Promise<void>;
}

/**
 * Builds a service on its runtime: `setup` registers routes and consumers and returns the
 * service's context. A failure during setup releases what the runtime had opened.
 */
export async function createService<C>(
  config: ServiceConfig,
  options: { tables: ServiceTables; migrationsFolder: string; readiness?: ReadinessCheck[] },
  overrides: RuntimeOverrides,
  setup: (runtime: ServiceRuntime) => Promise<C> | C,
): Promise<ServiceHandle<C>> {
  const runtime = await ServiceRuntime.create(config, options, overrides);
  try {
    const ctx = await setup(runtime);
    return { ctx, runtime, app: runtime.app, start: () => runtime.start(), destroy: () => runtime.destroy() };
  } catch (err) {
    await runtime.destroy();
    throw err;
  }
}

/**
 * The body of every service's `bin.ts`: config from the environment, start, stop cleanly on a
 * signal. A bad setting ends the process with exit code 1 and `<name>: Invalid configuration:`
 * listing every missing or bad variable on stderr (`loadConfigOrReport`), as the gateway does.
 */
export async function runServiceMain<C extends ServiceConfig>(
  name: string,
  loadConfig: () => C,
  create: (config: C, overrides: RuntimeOverrides) => Promise<{ start(): Promise<unknown>; destroy(): Promise<void> }>,
): Promise<void> {
  const config = loadConfigOrReport(name, loadConfig);
  if (!config) return;
  const logger = createLogger(config.service.name, config.service.logLevel);
  await runUntilSignal(config.service.name, logger, async () => {
    const service = await create(config, { logger });
    await service.start();
    return service;
  });
}
