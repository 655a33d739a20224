import type { ServiceRuntime } from '@freemarket/kit';
import type { CommerceContext } from '../context.js';
import { consumeProfileCreated } from './consumers/profile-created.js';
import { consumeProfileUpdated } from './consumers/profile-updated.js';
import { consumeTutorialCreated } from './consumers/tutorial-created.js';
import { consumeUserDeleted } from './consumers/user-deleted.js';
import { consumeUserUpserted } from './consumers/user-upserted.js';

/** Every subject commerce consumes, one file each. */
export function registerConsumers(runtime: ServiceRuntime, ctx: CommerceContext): void {
  consumeUserUpserted(runtime);
  consumeProfileCreated(runtime);
  consumeProfileUpdated(runtime);
  consumeTutorialCreated(runtime);
  consumeUserDeleted(runtime, ctx.canceller);
}
