import { aboutForgottenMembers, type ServiceRuntime } from '@freemarket/kit';
import { deletedMembers } from '../../db/schema/index.js';
import { pushConnectionChange } from '../../realtime/connection-changes.js';
import type { RealtimeServer } from '../../realtime/socket-server.js';

/** `connection.requested` from social: nothing to store (a request is no connection), only the members' screens to tell. */
export function consumeConnectionRequested(runtime: ServiceRuntime, io: RealtimeServer): void {
  runtime.consumeOnce('connection.requested', async (tx, event, hooks) => {
    if (await aboutForgottenMembers(tx, deletedMembers, [event.data.requesterId, event.data.addresseeId], event.occurredAt)) return 'skipped';
    hooks.onCommit(() => pushConnectionChange(io, { ...event.data, status: 'pending' }));
  });
}
