import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@freemarket/kit';
import { freePort } from '@freemarket/testing';
import { OidcClient } from './oidc-client.js';

/** The issuer the provider names itself: identity's development provider under another PUBLIC_URL. */
const PROVIDER_ISSUER = 'https://market.example/oidc';

let provider: Server;
let providerUrl: string;

beforeAll(async () => {
  provider = createServer((req, res) => {
    if (req.url !== '/oidc/.well-known/openid-configuration') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer: PROVIDER_ISSUER,
        authorization_endpoint: `${PROVIDER_ISSUER}/auth`,
        token_endpoint: `${PROVIDER_ISSUER}/token`,
        jwks_uri: `${PROVIDER_ISSUER}/jwks`,
        response_types_supported: ['code'],
      }),
    );
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

function clientOf(issuerUrl: string): { client: OidcClient; logs: { level: string; fields: object; msg: string }[] } {
  const logs: { level: string; fields: object; msg: string }[] = [];
  const record = (level: string) => (fields: object, msg: string) => void logs.push({ level, fields, msg });
  const logger = { error: record('error'), warn: record('warn'), info: record('info') } as unknown as Logger;
  const client = new OidcClient({ issuerUrl, clientId: 'freemarket-gateway', clientSecret: 'dev-secret', clientAuthMethod: 'client_secret_basic' }, logger);
  return { client, logs };
}

describe(OidcClient.name, () => {
  it('logs a provider that names another issuer as a configuration error naming both, and tells the member sign-in is not available', async () => {
    const expected = `${providerUrl}/oidc`;
    const { client, logs } = clientOf(expected);
    await expect(client.config()).rejects.toMatchObject({ status: 503, message: 'Service Unavailable: sign-in is not available right now' });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ level: 'error', fields: { expectedIssuer: expected, discoveredIssuer: PROVIDER_ISSUER } });
    expect(logs[0]!.msg).toMatch(/^OpenID provider configuration error: OIDC_ISSUER_URL is .* but the provider there names itself https:\/\/market\.example\/oidc; set OIDC_ISSUER_URL/);
    expect(logs[0]!.msg).toContain(expected);
    expect(logs[0]!.msg).not.toMatch(/reachable/);
  });

  it('still says the provider is not reachable when nothing answers', async () => {
    const { client, logs } = clientOf(`http://127.0.0.1:${await freePort()}/oidc`);
    await expect(client.config()).rejects.toMatchObject({ status: 503, message: 'Service Unavailable: the sign-in provider is not reachable' });
    expect(logs.map((l) => [l.level, l.msg])).toEqual([['warn', 'OpenID provider discovery failed; will retry on next sign-in']]);
  });
});
