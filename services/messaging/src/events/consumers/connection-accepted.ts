import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { recordAccepted } from '../../connections/repository.js';
import { deletedMembers } from '../../db/schema/index.js';

/**
 * `connection.accepted` from social, for broadcasts. It and `connection.removed` have separate
 * durable consumers and can arrive in either order (see `recordRemoved`); one that arrives after
 * either member's deletion records nothing.
 */
export function consumeConnectionAccepted(runtime: ServiceRuntime): void {
  runtime.consumeOnce('connection.accepted', async (tx, event) => {
    const { connectionId, requesterId, addresseeId } = event.data;
    if (await aboutForgottenMembers(tx, deletedMembers, [requesterId, addresseeId], event.occurredAt)) return 'skipped';
    await recordAccepted(tx, { connectionId, requesterId, addresseeId });
  });
}
