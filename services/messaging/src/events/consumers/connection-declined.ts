import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { deletedMembers } from '../../db/schema/index.js';
import { pushConnectionChange } from '../../realtime/connection-changes.js';
import type { RealtimeServer } from '../../realtime/socket-server.js';

/**
 * `connection.declined` from social: nothing to store (a declined request is no connection), only
 * the requester's screens to tell, whose Connect button now says when they may ask again.
 */
export function consumeConnectionDeclined(runtime: ServiceRuntime, io: RealtimeServer): void {
  runtime.consumeOnce('connection.declined', async (tx, event, hooks) => {
    if (await aboutForgottenMembers(tx, deletedMembers, [event.data.requesterId, event.data.addresseeId], event.occurredAt)) return 'skipped';
    hooks.onCommit(() => pushConnectionChange(io, { ...event.data, status: 'rejected' }));
  });
}
