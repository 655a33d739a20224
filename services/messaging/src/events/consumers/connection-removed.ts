import type { ServiceRuntime } from '@freemarket/kit';
import { recordRemoved } from '../../connections/repository.js';

/** `connection.removed` from social: a tombstone that a late `connection.accepted` of the same connection cannot undo. */
export function consumeConnectionRemoved(runtime: ServiceRuntime): void {
  runtime.consumeOnce('connection.removed', async (tx, event) => {
    const { connectionId, requesterId, addresseeId } = event.data;
    await recordRemoved(tx, { connectionId, requesterId, addresseeId }, new Date(event.occurredAt));
  });
}
