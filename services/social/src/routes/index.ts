import type { App } from '@freemarket/kit';
import type { SocialContext } from '../context.js';
import { deleteConnection } from './connections/delete-connection.js';
import { getConnectionStatus } from './connections/get-connection-status.js';
import { getConnections } from './connections/get-connections.js';
import { postConnection } from './connections/post-connection.js';
import { putConnection } from './connections/put-connection.js';

export function registerRoutes(app: App, ctx: SocialContext): void {
  postConnection(app, ctx);
  getConnections(app, ctx);
  getConnectionStatus(app, ctx);
  putConnection(app, ctx);
  deleteConnection(app, ctx);
}
