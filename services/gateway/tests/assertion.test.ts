import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSERTION_TTL_SECONDS, AssertionSigner, IDENTITY_HEADER, generateAssertionKeys } from '@freemarket/kit';
import { startEchoService, type EchoService } from './_util.js';

/** What services rely on: only the gateway's fresh assertions are believed (ARCHITECTURE §3.2). */
describe('identity assertion at a service', () => {
  let service: EchoService;
  let signer: AssertionSigner;

  beforeAll(async () => {
    const keys = await generateAssertionKeys();
    signer = await AssertionSigner.fromPem(keys.privateKeyPem);
    service = await startEchoService('rewards', keys.publicKeyPem);
  });

  afterAll(async () => {
    await service?.close();
  });

  async function call(token: string): Promise<Response> {
    return fetch(`${service.url}/api/rewards/balance`, { headers: { [IDENTITY_HEADER]: token } });
  }

  it('should accept a fresh assertion from the gateway key', async () => {
    const res = await call(await signer.sign({ userId: 'alice' }));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { actor: unknown }).actor).toEqual({ userId: 'alice' });
  });

  it('should refuse an assertion signed with another key', async () => {
    const other = await AssertionSigner.fromPem((await generateAssertionKeys()).privateKeyPem);
    const res = await call(await other.sign({ userId: 'alice' }));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('should refuse an expired assertion', async () => {
    // A member the signer has not cached yet, so it really signs with the old clock.
    const stale = await signer.sign({ userId: 'bob' }, Date.now() - (ASSERTION_TTL_SECONDS + 60) * 1000);
    const res = await call(stale);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('should refuse a tampered or unsigned token', async () => {
    const [header, , signature] = (await signer.sign({ userId: 'alice' })).split('.');
    const payload = Buffer.from(JSON.stringify({ sub: 'admin', iss: 'freemarket-gateway', aud: 'freemarket-services', iat: 0, exp: 9_999_999_999 })).toString('base64url');
    expect((await call(`${header}.${payload}.${signature}`)).status).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect((await call(`${none}.${payload}.`)).status).toBe(401);
    expect((await call('garbage')).status).toBe(401);
  });
});
