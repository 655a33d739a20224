import { eq } from 'drizzle-orm';
import type { Profile, ProfileInput } from '@freemarket/contracts';
import { ConflictError, ForbiddenError, NotFoundError, type Actor, type Emit, type ServiceRuntime } from '@freemarket/kit';
import type { Tx } from '@freemarket/db';
import { profiles, type ProfileInsert } from '../db/schema/index.js';
import { memberName, type ProfileRecord } from './dto.js';
import { withoutPrivateSections } from './privacy.js';
import { ProfileRepository } from './repository.js';

/** Profiles: one per member, written by their owner, read by every signed-in member. */
export class ProfileService {
  constructor(private readonly runtime: ServiceRuntime) {}

  /** `GET /api/profiles/user/{userId}`: 404 when the member has no profile. */
  async getByUser(actor: Actor, userId: string): Promise<Profile> {
    const profile = await new ProfileRepository(this.runtime.db).byUserId(userId);
    if (!profile) throw new NotFoundError('Profile not found');
    return withoutPrivateSections(profile, profile, actor.userId);
  }

  /** `POST /api/profiles`: the member's own profile; a second one is a conflict. */
  async create(actor: Actor, input: ProfileInput): Promise<Profile> {
    const id = await this.runtime.transaction(async (tx, emit) => {
      const repo = new ProfileRepository(tx);
      if (await repo.lockByUserId(actor.userId)) throw new ConflictError('You already have a profile; update it instead');
      const user = await repo.user(actor.userId);
      const [row] = await tx
        .insert(profiles)
        .values({ ...toColumns(input), userId: actor.userId, memberName: memberName(user) })
        .onConflictDoNothing({ target: profiles.userId })
        .returning(eventColumns);
      // Two creates racing: the loser finds the winner's row here.
      if (!row) throw new ConflictError('You already have a profile; update it instead');
      await announce(emit, 'profile.created', row);
      return row.id;
    });
    return (await new ProfileRepository(this.runtime.db).byId(id))!;
  }

  /** `PUT /api/profiles/{id}`: only the owner; fields left out keep their value. */
  async update(actor: Actor, id: string, input: ProfileInput): Promise<Profile> {
    await this.runtime.transaction(async (tx, emit) => {
      const current = await this.ownedForUpdate(tx, actor, id);
      const [row] = await tx
        .update(profiles)
        .set({ ...toColumns(input), updatedAt: new Date() })
        .where(eq(profiles.id, current.id))
        .returning(eventColumns);
      await announce(emit, 'profile.updated', row!);
    });
    return (await new ProfileRepository(this.runtime.db).byId(id))!;
  }

  /** The profile, locked, when the actor owns it: 404 when missing, 403 when someone else's. */
  async ownedForUpdate(tx: Tx, actor: Actor, id: string): Promise<ProfileRecord> {
    const row = await new ProfileRepository(tx).lockById(id);
    if (!row) throw new NotFoundError('Profile not found');
    if (row.userId !== actor.userId) throw new ForbiddenError('Only the owner may change this profile');
    return row;
  }
}

const eventColumns = {
  id: profiles.id,
  userId: profiles.userId,
  isServiceProvider: profiles.isServiceProvider,
  isNonProfit: profiles.isNonProfit,
  isPoliticalCandidate: profiles.isPoliticalCandidate,
  isCommunityMember: profiles.isCommunityMember,
  itemsForSaleIsPublic: profiles.itemsForSaleIsPublic,
  eventsIsPublic: profiles.eventsIsPublic,
  contactInfoIsPublic: profiles.contactInfoIsPublic,
};

type ProfileEventRow = { [K in keyof typeof eventColumns]: (typeof eventColumns)[K]['_']['data'] };

/** profile.created / profile.updated: the kinds and the privacy other services enforce. */
async function announce(emit: Emit, type: 'profile.created' | 'profile.updated', row: ProfileEventRow): Promise<void> {
  const { id, ...rest } = row;
  await emit(type, { profileId: id, ...rest });
}

/** Form fields to columns: coordinates are numeric(10,7) and travel as text. */
function toColumns(input: ProfileInput): Partial<ProfileInsert> {
  const { latitude, longitude, ...rest } = input;
  const out: Partial<ProfileInsert> = {};
  for (const [key, value] of Object.entries(rest)) if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  if (latitude !== undefined) out.latitude = latitude === null ? null : latitude.toFixed(7);
  if (longitude !== undefined) out.longitude = longitude === null ? null : longitude.toFixed(7);
  return out;
}
