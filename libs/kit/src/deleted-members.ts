import { inArray, sql } from 'drizzle-orm';
import type { DeletedMembersTable, Tx } from '@freemarket/db';

/**
 * Takes these members' locks until the transaction ends, in one order so that two transactions
 * cannot deadlock. `forgetUser` takes the same lock, so a deletion and a write about the member
 * happen one after the other, and a read after the lock sees a deletion that committed meanwhile;
 * rewards takes it to decide a member's credits one at a time across instances.
 */
export async function lockMembers(tx: Tx, memberIds: readonly string[]): Promise<void> {
  // Advisory locks: a member needs no row to be locked. Ordered by the key itself, since two
  // members whose ids hash alike share a lock. One array, so the statement is prepared once.
  await tx
    .select({ locked: sql`pg_advisory_xact_lock(hashtext('freemarket.member'), k.key)` })
    .from(sql`(select distinct hashtext(id) as key from unnest(${sql.placeholder('ids')}::text[]) as m(id) order by 1) k`)
    .prepare('freemarket_lock_members')
    .execute({ ids: [...new Set(memberIds)] });
}

/** When each of these members was deleted, for those that were; takes their locks first (see `lockMembers`). */
export async function deletionsOf(tx: Tx, table: DeletedMembersTable, memberIds: readonly string[]): Promise<Map<string, Date>> {
  if (memberIds.length === 0) return new Map();
  await lockMembers(tx, memberIds);
  const rows = await tx.select().from(table).where(inArray(table.id, [...new Set(memberIds)]));
  return new Map(rows.map((r) => [r.id, r.deletedAt]));
}

/** Whether an event that happened at `occurredAt` about `memberId` is from before the member's deletion. */
export function happenedBeforeDeletion(deletions: ReadonlyMap<string, Date>, memberId: string, occurredAt: string | Date): boolean {
  const deletedAt = deletions.get(memberId);
  return deletedAt !== undefined && new Date(occurredAt).getTime() <= deletedAt.getTime();
}

/**
 * Whether an event about these members comes too late: one of them was deleted when or after it
 * happened, so what it would write must not come back. A member who signs up again after their
 * deletion (the same sign-in, so the same id) is announced later, and counts again.
 */
export async function aboutForgottenMembers(tx: Tx, table: DeletedMembersTable, memberIds: readonly string[], occurredAt: string | Date): Promise<boolean> {
  const deletions = await deletionsOf(tx, table, memberIds);
  return memberIds.some((id) => happenedBeforeDeletion(deletions, id, occurredAt));
}

/** Records the member's deletion (the latest, if they were deleted before), under their lock. */
export async function recordDeletion(tx: Tx, table: DeletedMembersTable, memberId: string, deletedAt: Date): Promise<void> {
  await lockMembers(tx, [memberId]);
  await tx
    .insert(table)
    .values({ id: memberId, deletedAt })
    .onConflictDoUpdate({ target: table.id, set: { deletedAt: sql`greatest(${table.deletedAt}, excluded.deleted_at)` } });
}
