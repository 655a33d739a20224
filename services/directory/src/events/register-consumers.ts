import type { ServiceRuntime } from '@freemarket/kit';
import { consumeUserDeleted } from './consumers/user-deleted.js';
import { consumeUserUpserted } from './consumers/user-upserted.js';

/** Every subject the directory consumes, one file each. It owns profiles, so it does not follow its own `profile.*`. */
export function registerConsumers(runtime: ServiceRuntime): void {
  consumeUserUpserted(runtime);
  consumeUserDeleted(runtime);
}
