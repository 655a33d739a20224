import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Profile, UserSummary } from '@freemarket/contracts';
import type { DbOrTx } from '@freemarket/db';
import { profiles, users } from '../db/schema/index.js';
import { profileColumns, userColumns } from './columns.js';
import { toProfile, type ProfileRecord } from './dto.js';
import { loadProfessionalInfo } from './sections.js';

/** Reads whole profiles with their member, skills and certifications (privacy not applied). */
export class ProfileRepository {
  constructor(private readonly db: DbOrTx) {}

  async byUserId(userId: string): Promise<Profile | undefined> {
    return (await this.load(eq(profiles.userId, userId)))[0];
  }

  async byId(id: string): Promise<Profile | undefined> {
    return (await this.load(eq(profiles.id, id)))[0];
  }

  async byIds(ids: string[]): Promise<Profile[]> {
    return ids.length === 0 ? [] : this.load(inArray(profiles.id, ids));
  }

  /** The bare row, locked for the rest of the transaction: writers of one profile queue here. */
  async lockById(id: string): Promise<ProfileRecord | undefined> {
    const [row] = await this.db.select(profileColumns).from(profiles).where(eq(profiles.id, id)).for('update');
    return row;
  }

  async lockByUserId(userId: string): Promise<ProfileRecord | undefined> {
    const [row] = await this.db.select(profileColumns).from(profiles).where(eq(profiles.userId, userId)).for('update');
    return row;
  }

  async rowByUserId(userId: string): Promise<ProfileRecord | undefined> {
    const [row] = await this.db.select(profileColumns).from(profiles).where(eq(profiles.userId, userId));
    return row;
  }

  async user(userId: string): Promise<UserSummary | undefined> {
    const [row] = await this.db.select(userColumns).from(users).where(eq(users.id, userId));
    return row;
  }

  /** The member's name as their profile keeps it for name search and sorting; no write when it is the same. */
  async copyMemberName(userId: string, name: string | null): Promise<void> {
    await this.db
      .update(profiles)
      .set({ memberName: name })
      .where(and(eq(profiles.userId, userId), sql`${profiles.memberName} is distinct from ${name}`));
  }

  private async load(where: ReturnType<typeof eq>): Promise<Profile[]> {
    const rows = await this.db.select({ profile: profileColumns, user: userColumns }).from(profiles).leftJoin(users, eq(users.id, profiles.userId)).where(where);
    const info = await loadProfessionalInfo(
      this.db,
      rows.map((r) => r.profile.id),
    );
    return rows.map((r) => toProfile(r.profile, r.user, info.skills.get(r.profile.id) ?? [], info.certifications.get(r.profile.id) ?? []));
  }
}
