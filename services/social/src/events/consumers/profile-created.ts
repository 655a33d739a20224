import { projectProfileEvent, type ServiceRuntime } from '@freemarket/kit';
import { members } from '../../db/schema/index.js';
import { projectMemberProfile } from '../../members/member-profiles-projection.js';

/** `profile.created`: contact privacy in the users projection, and whether the member's events are public. */
export function consumeProfileCreated(runtime: ServiceRuntime): void {
  projectProfileEvent(runtime, members, 'profile.created', projectMemberProfile);
}
