import type { ServiceRuntime } from '@freemarket/kit';
import type { SocialConfig } from './config.js';
import { ConnectionService } from './connections/service.js';

export interface SocialContext {
  runtime: ServiceRuntime;
  config: SocialConfig;
  connections: ConnectionService;
}

export function createContext(runtime: ServiceRuntime, config: SocialConfig): SocialContext {
  return { runtime, config, connections: new ConnectionService(runtime) };
}
