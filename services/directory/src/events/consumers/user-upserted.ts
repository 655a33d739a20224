import { and, eq, sql } from 'drizzle-orm';
import { projectUserUpserted, type ServiceRuntime } from '@freemarket/kit';
import { profiles, users } from '../../db/schema/index.js';
import { memberName } from '../../profiles/dto.js';

/**
 * `user.upserted`: the users projection, plus the copy of the member's name a profile keeps for
 * name search and sorting, in the same transaction. The directory owns profiles, so it reads
 * privacy from them rather than from its own `profile.*` events.
 */
export function consumeUserUpserted(runtime: ServiceRuntime): void {
  projectUserUpserted(runtime, users, async (tx, event) => {
    const name = memberName(event.data);
    await tx
      .update(profiles)
      .set({ memberName: name })
      .where(and(eq(profiles.userId, event.data.id), sql`${profiles.memberName} is distinct from ${name}`));
  });
}
