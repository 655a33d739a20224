import type { UpsertUser } from '@freemarket/contracts';
import { ConflictError, ForbiddenError, type Actor, type ServiceRuntime } from '@freemarket/kit';
import type { UserRow } from '../db/schema/index.js';
import { deleteContactMessagesOf, deleteDevAccount, deleteUser, findUser, upsertUser, userIdByEmail } from './repository.js';

/** Members: created or refreshed at every sign-in, announced with `user.upserted`. */
export class UserService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** Only the member themself (as asserted by the gateway at sign-in) may upsert their record. */
  async upsert(actor: Actor, input: UpsertUser): Promise<UserRow> {
    if (actor.userId !== input.id) throw new ForbiddenError('An identity may only register itself');
    return this.runtime.transaction(async (tx, emit) => {
      const holder = await userIdByEmail(tx, input.email);
      if (holder && holder !== input.id) throw new ConflictError('This email address belongs to another account');
      const row = await upsertUser(tx, input);
      await emit('user.upserted', { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, profileImageUrl: row.profileImageUrl });
      return row;
    });
  }

  /**
   * Removes the member, what they wrote through the contact form and their development sign-in, and announces `user.deleted`
   * so every other service erases its own rows. False when there was no such member.
   */
  async delete(actor: Actor): Promise<boolean> {
    return this.runtime.transaction(async (tx, emit) => {
      if (!(await deleteUser(tx, actor.userId))) return false;
      await deleteContactMessagesOf(tx, actor.userId);
      await deleteDevAccount(tx, actor.userId);
      await emit('user.deleted', { id: actor.userId });
      return true;
    });
  }

  get(id: string): Promise<UserRow | undefined> {
    return findUser(this.runtime.db, id);
  }
}
