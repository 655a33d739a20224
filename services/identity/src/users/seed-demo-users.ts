import { like, sql } from 'drizzle-orm';
import { DEMO_ID_PREFIX, demoUsers } from '@freemarket/demo';
import type { ServiceRuntime } from '@freemarket/kit';
import { users } from '../db/schema/index.js';

/**
 * Local mode's demo members (libs/demo): inserted once, when identity has none of them yet, and
 * announced with `user.upserted` through the outbox so every service's projection learns them.
 */
export async function seedDemoUsers(runtime: ServiceRuntime): Promise<void> {
  const [seeded] = await runtime.db.select({ id: users.id }).from(users).where(like(users.id, `${DEMO_ID_PREFIX}%`)).limit(1);
  if (seeded) return;
  const count = await runtime.transaction(async (tx, emit) => {
    // Two instances starting together: the second waits here, then finds the members.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('identity:demo-seed'))`);
    const rows = await tx.insert(users).values(demoUsers()).onConflictDoNothing().returning();
    for (const row of rows) {
      await emit('user.upserted', { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl });
    }
    return rows.length;
  });
  runtime.logger.info({ count }, 'demo members seeded');
}
