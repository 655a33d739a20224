import { fileURLToPath } from 'node:url';
import { createService, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { IdentityConfig } from './config.js';
import { createContext, type IdentityContext } from './context.js';
import { outbox, processedEvents } from './db/schema/index.js';
import { createDevProvider } from './dev-oidc/provider.js';
import { registerDevOidcRoutes } from './dev-oidc/routes.js';
import { registerRoutes } from './routes/index.js';
import { seedDemoUsers } from './users/seed-demo-users.js';

export type { IdentityConfig } from './config.js';
export { loadIdentityConfig } from './config.js';
export { devAccountId } from './dev-oidc/routes.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

export function createIdentityService(config: IdentityConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<IdentityContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, async (runtime) => {
    if (config.seedDemoData) await seedDemoUsers(runtime);
    const ctx = createContext(runtime, config);
    registerRoutes(runtime.app, ctx);
    if (config.devOidc.enabled) {
      const provider = await createDevProvider(config.devOidc, runtime.db);
      // The provider answers its own failures with an error page; this is their only trace.
      provider.on('server_error', (_ctx, err) => runtime.logger.error({ err }, 'development OpenID provider failed'));
      registerDevOidcRoutes(runtime.app, provider, runtime.db, config.devOidc.issuer);
      runtime.logger.warn({ issuer: config.devOidc.issuer }, 'development OpenID provider enabled: anyone can sign in as any email');
    }
    return ctx;
  });
}
