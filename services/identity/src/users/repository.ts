import { eq } from 'drizzle-orm';
import type { UpsertUser } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { contactMessages, devAccounts, users, type ContactMessageRow, type UserRow } from '../db/schema/index.js';

export async function findUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The id of the member holding `email`, if any. */
export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

/** Inserts the member or refreshes their names, e-mail and picture. */
export async function upsertUser(db: DbOrTx, input: UpsertUser): Promise<UserRow> {
  const updatedAt = new Date();
  const [row] = await db
    .insert(users)
    .values({ ...input, updatedAt })
    .onConflictDoUpdate({
      target: users.id,
      set: { email: input.email, firstName: input.firstName, lastName: input.lastName, profileImageUrl: input.profileImageUrl, updatedAt },
    })
    .returning();
  return row!;
}

/** Deletes the member; false when there was no such member. */
export async function deleteUser(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return row !== undefined;
}

/** What the member wrote through the contact form. */
export async function deleteContactMessagesOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(contactMessages).where(eq(contactMessages.userId, userId));
}

/** The development provider's account of the same subject, in local mode. */
export async function deleteDevAccount(db: DbOrTx, id: string): Promise<void> {
  await db.delete(devAccounts).where(eq(devAccounts.id, id));
}

/** The member's account row, for their export. */
export function accountRows(db: DbOrTx, userId: string, limit: number): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.id, userId)).limit(limit);
}

/** What the member wrote through the contact form, at most `limit`, for their export. */
export function contactMessagesOf(db: DbOrTx, userId: string, limit: number): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).where(eq(contactMessages.userId, userId)).limit(limit);
}
