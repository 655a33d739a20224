import { sql } from 'drizzle-orm';
import type { UsersProjectionTable } from '@freemarket/db';
import type { ServiceRuntime } from './runtime.js';

/** Keeps a service's `users` projection current from `user.upserted` (ARCHITECTURE §1). */
export function projectUsers(runtime: ServiceRuntime, table: UsersProjectionTable): void {
  runtime.consumeOnce('user.upserted', async (tx, event) => {
    const { id, email, firstName, lastName, profileImageUrl } = event.data;
    const row = { id, email, firstName, lastName, profileImageUrl, updatedAt: new Date(event.occurredAt) };
    await tx
      .insert(table)
      .values(row)
      .onConflictDoUpdate({
        target: table.id,
        set: { email, firstName, lastName, profileImageUrl, updatedAt: row.updatedAt },
        // An older event arriving late must not overwrite a newer name.
        setWhere: sql`${table.updatedAt} <= ${row.updatedAt.toISOString()}::timestamptz`,
      });
  });
}
