import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAssertionKeys, type AssertionKeys } from '@freemarket/kit';
import { startEchoService, startGateway, startStack, testConfig, type Echo, type RunningGateway, type TestStack } from './_util.js';

/**
 * The procedure of docs/operations.md, "Rotating the assertion keys", against a real gateway and a
 * service built like every FreeMarket service: a signed-in member is never turned away while an old
 * gateway and a new one both serve, and the old key stops working once it is removed.
 */
describe('rotating the assertion keys without downtime', () => {
  let stack: TestStack;
  let newKeys: AssertionKeys;
  let oldGateway: RunningGateway;
  let newGateway: RunningGateway | undefined;
  /** The member's session on each gateway (without Redis, gateways do not share sessions). */
  const cookies = new Map<RunningGateway, string>();

  beforeAll(async () => {
    stack = await startStack();
    newKeys = await generateAssertionKeys();
    oldGateway = await startGateway(testConfig(stack));
    cookies.set(oldGateway, await oldGateway.signIn('rotating-member'));
  });

  afterAll(async () => {
    await newGateway?.destroy();
    await oldGateway?.destroy();
    await stack?.close();
  });

  /** Rolls the rewards service onto `publicKeys`, on the port the gateways already know. */
  async function rollRewards(publicKeys: string): Promise<void> {
    const port = Number(new URL(stack.services.rewards.url).port);
    await stack.services.rewards.close();
    stack.services.rewards = await startEchoService('rewards', publicKeys, port);
  }

  async function balanceThrough(gateway: RunningGateway): Promise<{ status: number; actor: Echo['actor'] | undefined }> {
    const res = await fetch(`${gateway.url}/api/rewards/balance`, { headers: { cookie: cookies.get(gateway)! } });
    return { status: res.status, actor: res.status === 200 ? ((await res.json()) as Echo).actor : undefined };
  }

  it('step 1: services holding both public keys still accept the gateway signing with the old key', async () => {
    await rollRewards(`${stack.keys.publicKeyPem}${newKeys.publicKeyPem}`);
    expect(await balanceThrough(oldGateway)).toEqual({ status: 200, actor: { userId: 'rotating-member' } });
  });

  it('step 2: while gateways roll onto the new private key, old and new gateways both serve the member', async () => {
    newGateway = await startGateway(testConfig(stack, { secrets: { assertionPrivateKey: newKeys.privateKeyPem, oidcClientSecret: 'test-secret' } }));
    cookies.set(newGateway, await newGateway.signIn('rotating-member'));
    expect(await balanceThrough(newGateway)).toEqual({ status: 200, actor: { userId: 'rotating-member' } });
    expect(await balanceThrough(oldGateway)).toEqual({ status: 200, actor: { userId: 'rotating-member' } });
  });

  it('step 3: with the old public key removed, the new gateway serves and a gateway left on the old key gets 401', async () => {
    await rollRewards(newKeys.publicKeyPem);
    expect(await balanceThrough(newGateway!)).toEqual({ status: 200, actor: { userId: 'rotating-member' } });
    expect((await balanceThrough(oldGateway)).status).toBe(401);
  });
});
