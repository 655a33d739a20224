import { projectProfileEvent, type ServiceRuntime } from '@freemarket/kit';
import { members } from '../../db/schema/index.js';

/** `profile.created`: whether the member's contact information is public, in the users projection. */
export function consumeProfileCreated(runtime: ServiceRuntime): void {
  projectProfileEvent(runtime, members, 'profile.created');
}
