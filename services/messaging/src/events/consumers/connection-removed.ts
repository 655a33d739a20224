import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { recordRemoved } from '../../connections/repository.js';
import { deletedMembers } from '../../db/schema/index.js';
import { pushConnectionChange } from '../../realtime/connection-changes.js';
import type { RealtimeServer } from '../../realtime/socket-server.js';

/**
 * `connection.removed` from social: a tombstone that a late `connection.accepted` of the same
 * connection cannot undo. After either member's deletion there is nothing left to guard.
 */
export function consumeConnectionRemoved(runtime: ServiceRuntime, io: RealtimeServer): void {
  runtime.consumeOnce('connection.removed', async (tx, event, hooks) => {
    const { connectionId, requesterId, addresseeId } = event.data;
    if (await aboutForgottenMembers(tx, deletedMembers, [requesterId, addresseeId], event.occurredAt)) return 'skipped';
    await recordRemoved(tx, { connectionId, requesterId, addresseeId }, new Date(event.occurredAt));
    hooks.onCommit(() => pushConnectionChange(io, { connectionId, requesterId, addresseeId, status: 'removed' }));
  });
}
