import { and, eq, sql } from 'drizzle-orm';
import type { ServiceRuntime } from '@freemarket/kit';
import { profiles, users } from '../../db/schema/index.js';
import { memberName } from '../../profiles/dto.js';

/**
 * `user.upserted`: the users projection (as `projectUsers` in libs/kit keeps it), plus the copy of
 * the member's name a profile keeps for name search and sorting, in the same transaction.
 */
export function consumeUserUpserted(runtime: ServiceRuntime): void {
  runtime.consumeOnce('user.upserted', async (tx, event) => {
    const { id, email, firstName, lastName, profileImageUrl } = event.data;
    const updatedAt = new Date(event.occurredAt);
    const [applied] = await tx
      .insert(users)
      .values({ id, email, firstName, lastName, profileImageUrl, updatedAt })
      .onConflictDoUpdate({
        target: users.id,
        set: { email, firstName, lastName, profileImageUrl, updatedAt },
        // An older event arriving late must not overwrite a newer name.
        setWhere: sql`${users.updatedAt} <= ${updatedAt.toISOString()}::timestamptz`,
      })
      .returning({ id: users.id });
    if (!applied) return 'skipped';
    const name = memberName({ firstName, lastName });
    await tx
      .update(profiles)
      .set({ memberName: name })
      .where(and(eq(profiles.userId, id), sql`${profiles.memberName} is distinct from ${name}`));
  });
}
