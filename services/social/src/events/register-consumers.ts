import type { ServiceRuntime } from '@freemarket/kit';
import { consumePaymentRefunded } from './consumers/payment-refunded.js';
import { consumePaymentSucceeded } from './consumers/payment-succeeded.js';
import { consumeProfileCreated } from './consumers/profile-created.js';
import { consumeProfileUpdated } from './consumers/profile-updated.js';
import { consumeSkillUpserted } from './consumers/skill-upserted.js';
import { consumeUserDeleted } from './consumers/user-deleted.js';
import { consumeUserUpserted } from './consumers/user-upserted.js';

/** Every subject social consumes, one file each. */
export function registerConsumers(runtime: ServiceRuntime): void {
  consumeUserUpserted(runtime);
  consumeProfileCreated(runtime);
  consumeProfileUpdated(runtime);
  consumeSkillUpserted(runtime);
  consumeUserDeleted(runtime);
  consumePaymentSucceeded(runtime);
  consumePaymentRefunded(runtime);
}
