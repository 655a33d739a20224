import { calculateJwkThumbprint, decodeProtectedHeader, exportJWK, importPKCS8, importSPKI, SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp, requireActor, type App } from '../src/app.js';
import { AssertionSigner, AssertionVerifier, generateAssertionKeys, IDENTITY_HEADER, type AssertionKeys } from '../src/assertion.js';
import { createLogger } from '../src/logger.js';
import { loadServiceConfig } from '../src/service-config.js';

let oldKeys: AssertionKeys;
let newKeys: AssertionKeys;
let oldGateway: AssertionSigner;
let newGateway: AssertionSigner;
let app: App | undefined;

beforeAll(async () => {
  [oldKeys, newKeys] = await Promise.all([generateAssertionKeys(), generateAssertionKeys()]);
  [oldGateway, newGateway] = await Promise.all([AssertionSigner.fromPem(oldKeys.privateKeyPem), AssertionSigner.fromPem(newKeys.privateKeyPem)]);
});

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A service as the kit builds it, whose ASSERTION_PUBLIC_KEY is `publicKeys`, read through its config. */
async function serviceHolding(publicKeys: string): Promise<App> {
  const config = loadServiceConfig('rewards', { port: 0 }, { ASSERTION_PUBLIC_KEY: publicKeys });
  app = createApp({ logger: createLogger('test', 'silent'), verifier: await AssertionVerifier.fromPem(config.auth.assertionPublicKey) });
  app.get('/api/me', { config: { memberOnly: true } }, async (req) => ({ userId: requireActor(req).userId }));
  return app;
}

async function statusFor(service: App, token: string): Promise<number> {
  return (await service.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: token } })).statusCode;
}

/** A token signed with a genuine gateway key whose header says what `header` says. */
async function signedWithHeader(privateKeyPem: string, header: { kid?: string }): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'EdDSA', ...header })
    .setSubject('alice')
    .setIssuer('freemarket-gateway')
    .setAudience('freemarket-services')
    .setIssuedAt(iat)
    .setExpirationTime(iat + 60)
    .sign(await importPKCS8(privateKeyPem, 'EdDSA'));
}

/** As an env file writes PEM: one line, newlines escaped. */
const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');

describe('rotating the gateway assertion key', () => {
  it('names its key in every assertion: the RFC 7638 thumbprint of its public key', async () => {
    const header = decodeProtectedHeader(await newGateway.sign({ userId: 'alice' }));
    const thumbprint = await calculateJwkThumbprint(await exportJWK(await importSPKI(newKeys.publicKeyPem, 'EdDSA', { extractable: true })));
    expect(header).toEqual({ alg: 'EdDSA', kid: thumbprint });
    expect(newGateway.kid).toBe(thumbprint);
  });

  it('a service holding the old and the new public key accepts members signed in through either gateway', async () => {
    const service = await serviceHolding(`${oldKeys.publicKeyPem}${newKeys.publicKeyPem}`);
    expect(await statusFor(service, await oldGateway.sign({ userId: 'alice' }))).toBe(200);
    expect(await statusFor(service, await newGateway.sign({ userId: 'alice' }))).toBe(200);
    const res = await service.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: await newGateway.sign({ userId: 'bob' }) } });
    expect(res.json()).toEqual({ userId: 'bob' });
  });

  it('reads both keys from one env-file line with \\n escapes', async () => {
    const service = await serviceHolding(`${oneLine(oldKeys.publicKeyPem)}\\n${oneLine(newKeys.publicKeyPem)}`);
    expect(await statusFor(service, await oldGateway.sign({ userId: 'alice' }))).toBe(200);
    expect(await statusFor(service, await newGateway.sign({ userId: 'alice' }))).toBe(200);
  });

  it('once the old public key is removed, a member still carrying an old assertion gets 401', async () => {
    const service = await serviceHolding(newKeys.publicKeyPem);
    expect(await statusFor(service, await newGateway.sign({ userId: 'alice' }))).toBe(200);
    const res = await service.inject({ url: '/api/me', headers: { [IDENTITY_HEADER]: await oldGateway.sign({ userId: 'alice' }) } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401, as for a forged signature, an assertion naming an unknown key or no key, even when its signature is good', async () => {
    const service = await serviceHolding(newKeys.publicKeyPem);
    expect(await statusFor(service, await signedWithHeader(newKeys.privateKeyPem, { kid: newGateway.kid }))).toBe(200);
    expect(await statusFor(service, await signedWithHeader(newKeys.privateKeyPem, { kid: oldGateway.kid }))).toBe(401);
    expect(await statusFor(service, await signedWithHeader(newKeys.privateKeyPem, { kid: 'not-a-key' }))).toBe(401);
    expect(await statusFor(service, await signedWithHeader(newKeys.privateKeyPem, {}))).toBe(401);
  });

  it('a token naming the new key but signed with the old one gets 401', async () => {
    const service = await serviceHolding(`${oldKeys.publicKeyPem}${newKeys.publicKeyPem}`);
    expect(await statusFor(service, await signedWithHeader(oldKeys.privateKeyPem, { kid: newGateway.kid }))).toBe(401);
  });

  it('lists the key ids a service accepts, once each, so an operator can check a rotation step', async () => {
    const verifier = await AssertionVerifier.fromPem(`${oldKeys.publicKeyPem}\n${newKeys.publicKeyPem}\n${newKeys.publicKeyPem}`);
    expect(verifier.kids).toEqual([oldGateway.kid, newGateway.kid]);
  });
});
