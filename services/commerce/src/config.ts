import { loadServiceConfig, type ServiceConfig } from '@freemarket/kit';

export type CommerceConfig = ServiceConfig;

export function loadCommerceConfig(env: NodeJS.ProcessEnv = process.env): CommerceConfig {
  return loadServiceConfig('commerce', { port: 5005 }, env);
}
