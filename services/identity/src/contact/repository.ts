import { desc } from 'drizzle-orm';
import type { ContactMessageBody } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { contactMessages, type ContactMessageRow } from '../db/schema/index.js';

export async function insertContactMessage(db: DbOrTx, input: ContactMessageBody, userId: string | null): Promise<ContactMessageRow> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, userId })
    .returning();
  return row!;
}

/** The newest `limit` messages, newest first. */
export function newestContactMessages(db: DbOrTx, limit: number): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
}
