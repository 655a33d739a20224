import { loadServiceConfig, type ServiceConfig } from '@freemarket/kit';

export type MessagingConfig = ServiceConfig;

export function loadMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  return loadServiceConfig('messaging', { port: 5004 }, env);
}
