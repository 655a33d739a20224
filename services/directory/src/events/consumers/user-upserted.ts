import { projectUserUpserted, type ServiceRuntime } from '@freemarket/kit';
import { members } from '../../db/schema/index.js';
import { memberName } from '../../profiles/dto.js';
import { ProfileRepository } from '../../profiles/repository.js';

/**
 * `user.upserted`: the users projection, plus the copy of the member's name a profile keeps for
 * name search and sorting, in the same transaction. The directory owns profiles, so it reads
 * privacy from them rather than from its own `profile.*` events.
 */
export function consumeUserUpserted(runtime: ServiceRuntime): void {
  projectUserUpserted(runtime, members, (tx, event) => new ProfileRepository(tx).copyMemberName(event.data.id, memberName(event.data)));
}
