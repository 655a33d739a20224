import { sql } from 'drizzle-orm';
import { statementName } from '@freemarket/bus';
import { isRemovedMember, type Envelope, type UserSummary } from '@freemarket/contracts';
import type { DbOrTx, MemberTables, Tx, UsersProjectionTable } from '@freemarket/db';
import { aboutForgottenMembers } from './deleted-members.js';
import type { ServiceRuntime } from './runtime.js';

export type ProfileEventType = 'profile.created' | 'profile.updated';
export type ProfileEvent = Envelope<ProfileEventType>;
export type UserEvent = Envelope<'user.upserted'>;

/** What a service does beyond the plain projection, in the consumer's transaction. */
export type AfterUpsert<E> = (tx: Tx, event: E) => Promise<void>;

export interface ProjectUsersOptions {
  /** Run in the same transaction when a member event changed the row (not for a stale one). */
  onUser?: AfterUpsert<UserEvent>;
  onProfile?: AfterUpsert<ProfileEvent>;
  /**
   * Follow `profile.*` for `contactInfoIsPublic` (default true). The directory, which owns
   * profiles and reads privacy from them, does not listen to its own events.
   */
  profileEvents?: boolean;
}

/**
 * Keeps a service's `users` projection current (ARCHITECTURE §1): `user.upserted` and, unless
 * `profileEvents` is false, both `profile.*` subjects. Services that keep one consumer file per
 * subject call `projectUserUpserted` and `projectProfileEvent` instead.
 */
export function projectUsers(runtime: ServiceRuntime, tables: MemberTables, options: ProjectUsersOptions = {}): void {
  projectUserUpserted(runtime, tables, options.onUser);
  if (options.profileEvents === false) return;
  for (const type of ['profile.created', 'profile.updated'] as const) projectProfileEvent(runtime, tables, type, options.onProfile);
}

/**
 * `user.upserted`: the member's names and e-mail in the service's `users` projection.
 * `afterUpsert` runs in the same transaction, only when the event changed the row (not for a stale
 * one, nor for one that happened before the member's deletion).
 */
export function projectUserUpserted(runtime: ServiceRuntime, { users: table, deletedMembers }: MemberTables, afterUpsert?: AfterUpsert<UserEvent>): void {
  runtime.consumeOnce('user.upserted', async (tx, event) => {
    const { id, email, firstName, lastName, profileImageUrl } = event.data;
    if (await aboutForgottenMembers(tx, deletedMembers, [id], event.occurredAt)) return 'skipped';
    const row = { id, email, firstName, lastName, profileImageUrl, updatedAt: new Date(event.occurredAt) };
    const [applied] = await tx
      .insert(table)
      .values(row)
      .onConflictDoUpdate({
        target: table.id,
        set: { email, firstName, lastName, profileImageUrl, updatedAt: row.updatedAt },
        // An older event arriving late must not overwrite a newer name.
        setWhere: sql`${table.updatedAt} <= ${row.updatedAt.toISOString()}::timestamptz`,
      })
      .returning({ id: table.id });
    if (!applied) return 'skipped';
    await afterUpsert?.(tx, event);
  });
}

/**
 * A directory `profile.*` event: whether the member's contact information is public, in the
 * service's `users` projection. `afterUpsert` runs in the same transaction, since a service has
 * one consumer per subject; neither runs for an event that happened before the member's deletion.
 */
export function projectProfileEvent(runtime: ServiceRuntime, { users: table, deletedMembers }: MemberTables, type: ProfileEventType, afterUpsert?: AfterUpsert<ProfileEvent>): void {
  runtime.consumeOnce(type, async (tx, event) => {
    if (await aboutForgottenMembers(tx, deletedMembers, [event.data.userId], event.occurredAt)) return 'skipped';
    const contactInfoIsPublic = event.data.contactInfoIsPublic ?? true;
    const at = new Date(event.occurredAt);
    // A profile may be heard of before its member: the row waits, nameless, for user.upserted
    // (its epoch updatedAt lets any member event fill it in).
    await tx
      .insert(table)
      .values({ id: event.data.userId, contactInfoIsPublic, profileUpdatedAt: at, updatedAt: new Date(0) })
      .onConflictDoUpdate({
        target: table.id,
        set: { contactInfoIsPublic, profileUpdatedAt: at },
        setWhere: sql`${table.profileUpdatedAt} is null or ${table.profileUpdatedAt} <= ${at.toISOString()}::timestamptz`,
      });
    await afterUpsert?.(tx, event);
  });
}

/**
 * Public faces of members from a `users` projection, by id, as `viewerId` may see them: the
 * e-mail only where its owner made contact information public, or to the owner. Unknown ids are
 * left out.
 */
export async function userSummaries(db: DbOrTx, table: UsersProjectionTable, ids: readonly string[], viewerId: string): Promise<Map<string, UserSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  // One array parameter, not one per id, in a statement Postgres parses once per connection: a page
  // names up to 200 members on every request. Only what a summary shows: each timestamp read costs a Date.
  const rows = await db
    .select({
      id: table.id,
      firstName: table.firstName,
      lastName: table.lastName,
      email: table.email,
      profileImageUrl: table.profileImageUrl,
      contactInfoIsPublic: table.contactInfoIsPublic,
    })
    .from(table)
    .where(sql`${table.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare(statementName(table, 'summaries'))
    .execute({ ids: unique });
  return new Map(rows.map((r) => [r.id, summaryFor(r, viewerId)]));
}

/** What a member's summary is made of. */
export type SummarySource = Pick<UsersProjectionTable['$inferSelect'], 'id' | 'firstName' | 'lastName' | 'email' | 'profileImageUrl' | 'contactInfoIsPublic'>;

/** One member's face as `viewerId` may see it (see `userSummaries`). */
export function summaryFor(row: SummarySource, viewerId: string): UserSummary {
  const showEmail = row.contactInfoIsPublic || row.id === viewerId;
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: showEmail ? row.email : null, profileImageUrl: row.profileImageUrl };
}

/**
 * A member the projection has not heard of yet (the seconds after sign-up): their id with empty
 * fields, so an answer never fails for want of a name. A deleted member's stand-in reads as such.
 */
export function unknownUser(id: string): UserSummary {
  const firstName = isRemovedMember(id) ? 'Removed member' : null;
  return { id, firstName, lastName: null, email: null, profileImageUrl: null };
}
