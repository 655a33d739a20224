import { createGateway, loadGatewayConfig, type Gateway } from '@freemarket/gateway';
import { createLogger } from '@freemarket/kit';
import { testInfra } from '@freemarket/testing';
import { PUBLIC_URL } from './_util.js';

export interface RunningGateway {
  gateway: Gateway;
  url: string;
  /** A `cookie` header for a fresh session of `userId`, valid at every gateway sharing the store. */
  signIn(userId: string): Promise<string>;
}

/**
 * A real gateway in front of one messaging instance. Gateways given the same Redis prefix share
 * their sessions, as replicas behind a load balancer would.
 */
export async function startGatewayFor(messagingUrl: string, options: { privateKeyPem: string; redisKeyPrefix: string }): Promise<RunningGateway> {
  const redisUrl = testInfra().redisUrl;
  const config = loadGatewayConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    ASSERTION_PRIVATE_KEY: options.privateKeyPem,
    MESSAGING_URL: messagingUrl,
    REDIS_KEY_PREFIX: options.redisKeyPrefix,
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_IP_PER_MINUTE: '100000',
  });
  const gateway = await createGateway(config, { logger: createLogger('gateway', 'silent') });
  const { url } = await gateway.start();
  return { gateway, url, signIn: async (userId) => `fm.sid=${await gateway.sessions.create(userId)}` };
}
