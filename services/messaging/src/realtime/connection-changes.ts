import type { ConnectionChange } from '@freemarket/contracts';
import { roomOf, type RealtimeServer } from './socket-server.js';

/**
 * Tells both members' tabs, on every instance, that their connection lists changed: the request
 * reaches the addressee's bell and Connections screen, the acceptance or decline the requester's, without a reload.
 */
export function pushConnectionChange(io: RealtimeServer, change: ConnectionChange): void {
  io.to([roomOf(change.requesterId), roomOf(change.addresseeId)]).emit('connection:changed', change);
}
