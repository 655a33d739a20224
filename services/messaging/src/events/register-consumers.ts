import type { ServiceRuntime } from '@freemarket/kit';
import type { RealtimeServer } from '../realtime/socket-server.js';
import { consumeConnectionAccepted } from './consumers/connection-accepted.js';
import { consumeConnectionDeclined } from './consumers/connection-declined.js';
import { consumeConnectionRemoved } from './consumers/connection-removed.js';
import { consumeConnectionRequested } from './consumers/connection-requested.js';
import { consumeProfileCreated } from './consumers/profile-created.js';
import { consumeProfileUpdated } from './consumers/profile-updated.js';
import { consumeUserDeleted } from './consumers/user-deleted.js';
import { consumeUserUpserted } from './consumers/user-upserted.js';

/** Every subject messaging consumes, one file each. */
export function registerConsumers(runtime: ServiceRuntime, io: RealtimeServer): void {
  consumeUserUpserted(runtime);
  consumeProfileCreated(runtime);
  consumeProfileUpdated(runtime);
  consumeConnectionRequested(runtime, io);
  consumeConnectionAccepted(runtime, io);
  consumeConnectionDeclined(runtime, io);
  consumeConnectionRemoved(runtime, io);
  consumeUserDeleted(runtime, io);
}
