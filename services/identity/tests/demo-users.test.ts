import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { DEMO_USER_COUNT, demoUsers } from '@freemarket/demo';
import { startServiceForTest, type ServiceUnderTest } from '@freemarket/testing';
import { createIdentityService, loadIdentityConfig } from '../src/index.js';
import { outbox, users } from '../src/db/schema/index.js';
import { seedDemoUsers } from '../src/users/seed-demo-users.js';

let sut: ServiceUnderTest<Awaited<ReturnType<typeof createIdentityService>>>;
beforeAll(async () => {
  sut = await startServiceForTest({ name: 'identity', create: createIdentityService, loadConfig: loadIdentityConfig, env: { SEED_DEMO_DATA: 'true' } });
});
afterAll(() => sut?.stop());

describe('demo members (SEED_DEMO_DATA=true)', () => {
  it('creates the demo members once and announces each with user.upserted', async () => {
    const db = sut.service.runtime.db;
    const seeded = await db.select().from(users).where(like(users.id, 'demo-%'));
    expect(seeded).toHaveLength(DEMO_USER_COUNT);
    expect(seeded.find((u) => u.id === 'demo-0001')).toMatchObject({ email: demoUsers()[0]!.email });
    const announced = await db.select().from(outbox).where(eq(outbox.type, 'user.upserted'));
    expect(announced).toHaveLength(DEMO_USER_COUNT);
    await seedDemoUsers(sut.service.runtime);
    expect(await db.select().from(users).where(like(users.id, 'demo-%'))).toHaveLength(DEMO_USER_COUNT);
    expect(await db.select().from(outbox).where(eq(outbox.type, 'user.upserted'))).toHaveLength(DEMO_USER_COUNT);
  });
});
