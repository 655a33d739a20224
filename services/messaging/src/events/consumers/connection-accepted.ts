import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { recordAccepted } from '../../connections/repository.js';
import { deletedMembers } from '../../db/schema/index.js';
import { pushConnectionChange } from '../../realtime/connection-changes.js';
import type { RealtimeServer } from '../../realtime/socket-server.js';

/**
 * `connection.accepted` from social, for broadcasts and the members' screens. It and
 * `connection.removed` have separate durable consumers and can arrive in either order (see
 * `recordRemoved`); one that arrives after either member's deletion records nothing.
 */
export function consumeConnectionAccepted(runtime: ServiceRuntime, io: RealtimeServer): void {
  runtime.consumeOnce('connection.accepted', async (tx, event, hooks) => {
    const { connectionId, requesterId, addresseeId } = event.data;
    if (await aboutForgottenMembers(tx, deletedMembers, [requesterId, addresseeId], event.occurredAt)) return 'skipped';
    await recordAccepted(tx, { connectionId, requesterId, addresseeId });
    hooks.onCommit(() => pushConnectionChange(io, { connectionId, requesterId, addresseeId, status: 'accepted' }));
  });
}
