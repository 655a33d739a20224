import { fileURLToPath } from 'node:url';
import { createService, projectUsers, type RuntimeOverrides, type ServiceHandle } from '@freemarket/kit';
import type { SocialConfig } from './config.js';
import { createContext, type SocialContext } from './context.js';
import { outbox, processedEvents, users } from './db/schema/index.js';
import { projectMemberProfile } from './members/member-profiles-projection.js';
import { registerRoutes } from './routes/index.js';
import { projectSkills } from './tutorials/skills-projection.js';
import { exportMemberData } from './users/export-member-data.js';
import { consumeUserDeleted } from './users/user-deleted.js';

export type { SocialConfig } from './config.js';
export type { SocialContext } from './context.js';
export { loadSocialConfig } from './config.js';

const migrationsFolder = fileURLToPath(new URL('./db/migrations', import.meta.url));

/** The social service: connections, the feed, surveys, events, projects and tutorials. */
export function createSocialService(config: SocialConfig, overrides: RuntimeOverrides = {}): Promise<ServiceHandle<SocialContext>> {
  return createService(config, { tables: { outbox, processedEvents }, migrationsFolder }, overrides, (runtime) => {
    projectUsers(runtime, users, { onProfile: projectMemberProfile });
    projectSkills(runtime);
    consumeUserDeleted(runtime);
    const ctx = createContext(runtime, config);
    registerRoutes(runtime.app, ctx);
    exportMemberData(runtime.app, ctx);
    return ctx;
  });
}
