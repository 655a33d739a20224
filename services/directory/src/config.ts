import { loadServiceConfig, type ServiceConfig } from '@freemarket/kit';

export type DirectoryConfig = ServiceConfig;

export function loadDirectoryConfig(env: NodeJS.ProcessEnv = process.env): DirectoryConfig {
  return loadServiceConfig('directory', { port: 5002 }, env);
}
