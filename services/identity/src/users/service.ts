import { eq } from 'drizzle-orm';
import type { UpsertUser } from '@freemarket/contracts';
import { ConflictError, ForbiddenError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import { users, type UserRow } from '../db/schema/index.js';

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

  async get(id: string): Promise<UserRow | undefined> {
    const [row] = await this.runtime.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }
}
