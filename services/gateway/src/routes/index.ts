import type { App } from '@freemarket/kit';
import type { GatewayContext } from '../context.js';
import { registerMemberAccount } from './account/member-account.js';
import { registerGetCallback } from './auth/get-callback.js';
import { registerGetLogin } from './auth/get-login.js';
import { registerGetLogout } from './auth/get-logout.js';
import { registerApiDocs } from './docs/api-docs.js';

/** The gateway's own endpoints; everything else under /api is proxied. */
export function registerRoutes(app: App, ctx: GatewayContext): void {
  registerGetLogin(app, ctx);
  registerGetCallback(app, ctx);
  registerGetLogout(app, ctx);
  registerApiDocs(app, ctx);
  registerMemberAccount(app, ctx);
}
