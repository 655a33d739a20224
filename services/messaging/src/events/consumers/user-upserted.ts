import { projectUserUpserted, type ServiceRuntime } from '@freemarket/kit';
import { members } from '../../db/schema/index.js';

/** `user.upserted`: the member's names and e-mail in the users projection. */
export function consumeUserUpserted(runtime: ServiceRuntime): void {
  projectUserUpserted(runtime, members);
}
