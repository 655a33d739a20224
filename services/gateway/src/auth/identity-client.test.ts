import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssertionSigner, createLogger, generateAssertionKeys, UnavailableError } from '@freemarket/kit';
import { freePort } from '@freemarket/testing';
import { forwardingFor } from '../proxy/forward-headers.js';
import { ServiceForwarder } from '../proxy/service-forwarder.js';
import { IdentityClient } from './identity-client.js';

/** Identity's instances as the gateway reaches them: through its forwarder. */
const identityAt = (instances: string[]) =>
  new ServiceForwarder('identity', instances, { timeoutMs: 5000, connectTimeoutMs: 500 }, forwardingFor('http://localhost:5000', []), createLogger('test', 'silent'));

const user = { id: 'dev-ada', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: null };
let signer: AssertionSigner;
let live: Server;
let liveUrl: string;
const received: string[] = [];

beforeAll(async () => {
  signer = await AssertionSigner.fromPem((await generateAssertionKeys()).privateKeyPem);
  live = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => live.listen(0, '127.0.0.1', resolve));
  const address = live.address();
  liveUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => live.close(() => resolve())));

describe('recording the member at sign-in', () => {
  it('goes to the next identity instance when one refuses the connection, so every sign-in succeeds', async () => {
    const stopped = `http://127.0.0.1:${await freePort()}`;
    const client = new IdentityClient(identityAt([stopped, liveUrl]), signer);
    received.length = 0;
    for (let i = 0; i < 4; i++) await client.upsertUser(user);
    expect(received).toEqual(Array(4).fill('PUT /internal/users/dev-ada'));
  });

  it('answers 503 when no identity instance can be reached', async () => {
    const client = new IdentityClient(identityAt([`http://127.0.0.1:${await freePort()}`, `http://127.0.0.1:${await freePort()}`]), signer);
    await expect(client.upsertUser(user)).rejects.toBeInstanceOf(UnavailableError);
    await expect(client.upsertUser(user)).rejects.toMatchObject({ status: 503, message: 'Service Unavailable: identity is not reachable' });
  });
});
