import { eq } from 'drizzle-orm';
import type { UpsertUser } from '@freemarket/contracts';
import { ConflictError, ForbiddenError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { contactMessages, devAccounts, users, type UserRow } from '../db/schema/index.js';

/** Members: created or refreshed at every sign-in, announced with `user.upserted`. */
export class UserService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** Only the member themself (as asserted by the gateway at sign-in) may upsert their record. */
  async upsert(actor: Actor, input: UpsertUser): Promise<UserRow> {
    if (actor.userId !== input.id) throw new ForbiddenError('An identity may only register itself');
    return this.runtime.transaction(async (tx, emit) => {
      const taken = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
      if (taken[0] && taken[0].id !== input.id) throw new ConflictError('This email address belongs to another account');
      const [row] = await tx
        .insert(users)
        .values({ ...input, updatedAt: new Date() })
        .onConflictDoUpdate({
          target: users.id,
          set: { email: input.email, firstName: input.firstName, lastName: input.lastName, profileImageUrl: input.profileImageUrl, updatedAt: new Date() },
        })
        .returning();
      await emit('user.upserted', {
        id: row!.id,
        email: row!.email,
        firstName: row!.firstName,
        lastName: row!.lastName,
        profileImageUrl: row!.profileImageUrl,
      });
      return row!;
    });
  }

  /**
   * Removes the member, what they wrote through the contact form and their development sign-in, and announces `user.deleted`
   * so every other service erases its own rows. False when there was no such member.
   */
  async delete(actor: Actor): Promise<boolean> {
    return this.runtime.transaction(async (tx, emit) => {
      const [row] = await tx.delete(users).where(eq(users.id, actor.userId)).returning({ id: users.id });
      if (!row) return false;
      await tx.delete(contactMessages).where(eq(contactMessages.userId, actor.userId));
      // The development provider's account of the same subject, in local mode.
      await tx.delete(devAccounts).where(eq(devAccounts.id, actor.userId));
      await emit('user.deleted', { id: row.id });
      return true;
    });
  }

  async get(id: string): Promise<UserRow | undefined> {
    const [row] = await this.runtime.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }
}
