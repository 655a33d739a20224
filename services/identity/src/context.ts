import type { ServiceRuntime } from '@freemarket/kit';
import type { IdentityConfig } from './config.js';
import { ContactService } from './contact/service.js';
import { UserService } from './users/service.js';
import { ProfileLookup } from './users/profile-lookup.js';

export interface IdentityContext {
  runtime: ServiceRuntime;
  config: IdentityConfig;
  users: UserService;
  profiles: ProfileLookup;
  contact: ContactService;
}

export function createContext(runtime: ServiceRuntime, config: IdentityConfig): IdentityContext {
  return {
    runtime,
    config,
    users: new UserService(runtime),
    profiles: new ProfileLookup(config.directoryUrl, runtime.logger),
    contact: new ContactService(runtime),
  };
}
