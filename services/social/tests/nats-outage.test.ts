import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { NatsBus } from '@freemarket/bus';
import type { Post } from '@freemarket/contracts';
import { scrapeMetrics, startPrivateNatsServer, startServiceForTest, waitFor, type PrivateServer } from '@freemarket/testing';
import { needs } from '@freemarket/testing/needs';
import { outbox, users } from '../src/db/schema/index.js';
import { createSocialService, loadSocialConfig } from '../src/index.js';
import { call, type SocialUnderTest } from './_util.js';

let nats: PrivateServer;
let sut: SocialUnderTest;
/** The service's bus, on the test's own nats-server (the harness's own bus is on the shared one). */
let bus: NatsBus;

const readyz = async () => {
  const res = await fetch(`${sut.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, string> } };
};
const busUp = async () => (await scrapeMetrics(`${sut.url}/metrics`)).value('dependency_up', { dependency: 'bus' });
const unsent = async () => (await sut.service.runtime.db.select({ id: outbox.id }).from(outbox).where(isNull(outbox.publishedAt))).length;

needs(['postgres', 'nats-server'], 'a nats-server of the test’s own, killed and restarted under a running service').describe('a NATS outage', () => {
  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    sut = await startServiceForTest({
      name: 'social',
      loadConfig: loadSocialConfig,
      create: async (config, overrides) => {
        bus = await NatsBus.connect({ servers: nats.url, stream: config.bus.stream, subjectPrefix: config.bus.subjectPrefix, logger: overrides.logger, reconnectTimeWaitMs: 200 });
        return createSocialService(config, { ...overrides, bus });
      },
    });
  });
  afterAll(async () => {
    await nats?.restart().catch(() => undefined);
    await sut?.stop();
    await bus?.close();
    await nats?.dispose();
  });

  it('leaves the service ready and serving writes, names the bus as degraded and reports it in dependency_up', async () => {
    const ada = `dev-ada-${randomUUID().slice(0, 8)}`;
    const data = { id: ada, email: `${ada}@example.com`, firstName: 'Ada', lastName: 'Tester', profileImageUrl: null };
    await bus.publish({ id: randomUUID(), type: 'user.upserted', occurredAt: new Date().toISOString(), producer: 'test', data });
    await waitFor('the member in the users projection', async () => (await sut.service.runtime.db.select().from(users).where(eq(users.id, ada))).length === 1);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'ok', bus: 'ok' } } });
    expect(await busUp()).toBe(1);

    await nats.kill('SIGKILL');
    await waitFor('the bus to be reported down', async () => (await readyz()).body.checks.bus !== 'ok');
    expect(await readyz()).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', bus: 'NATS is unreachable (reconnecting); events wait in the outbox' } },
    });
    expect(await busUp()).toBe(0);

    // A member's write is served; its event waits in the outbox until NATS is back.
    const written = await call<Post>(sut, ada, 'POST', '/api/posts', { content: 'Written while the bus is away' });
    expect(written.status).toBe(201);
    expect(await unsent()).toBeGreaterThan(0);

    await nats.restart();
    await waitFor('the bus to answer again', async () => (await readyz()).body.checks.bus === 'ok', 30_000);
    await waitFor('the outbox to be sent', async () => (await unsent()) === 0, 30_000);
    expect(await busUp()).toBe(1);
  }, 90_000);
});
