import { projectProfileEvent, type ServiceRuntime } from '@freemarket/kit';
import { members } from '../../db/schema/index.js';
import { projectMemberProfile } from '../../members/member-profiles-projection.js';

/** `profile.updated`: contact privacy in the users projection, and what commerce keeps of the profile. */
export function consumeProfileUpdated(runtime: ServiceRuntime): void {
  projectProfileEvent(runtime, members, 'profile.updated', projectMemberProfile);
}
