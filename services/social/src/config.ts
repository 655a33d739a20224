import { loadServiceConfig, type ServiceConfig } from '@freemarket/kit';

export type SocialConfig = ServiceConfig;

export function loadSocialConfig(env: NodeJS.ProcessEnv = process.env): SocialConfig {
  return loadServiceConfig('social', { port: 5003 }, env);
}
