import type { ServiceRuntime } from '@freemarket/kit';
import { recordAccepted } from '../../connections/repository.js';

/**
 * `connection.accepted` from social, for broadcasts. It and `connection.removed` have separate
 * durable consumers and can arrive in either order (see `recordRemoved`).
 */
export function consumeConnectionAccepted(runtime: ServiceRuntime): void {
  runtime.consumeOnce('connection.accepted', async (tx, event) => {
    const { connectionId, requesterId, addresseeId } = event.data;
    await recordAccepted(tx, { connectionId, requesterId, addresseeId });
  });
}
