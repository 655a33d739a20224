import type { AssertionSigner, Logger } from '@freemarket/kit';
import type { SignIn } from './auth/sign-in.js';
import type { PreAuthStore } from './auth/pre-auth.js';
import type { GatewayConfig } from './config.js';
import type { CookiePolicy } from './session/cookies.js';
import type { Forwarding } from './proxy/forward-headers.js';
import type { ServiceName } from './proxy/routing-table.js';
import type { ServiceForwarder } from './proxy/service-forwarder.js';
import type { Sessions } from './session/sessions.js';

/** What the gateway's hooks and routes work with; built once in `createGateway`. */
export interface GatewayContext {
  config: GatewayConfig;
  logger: Logger;
  /** `PUBLIC_URL` as browsers send it in the Origin header. */
  publicOrigin: string;
  cookies: CookiePolicy;
  sessions: Sessions;
  preAuth: PreAuthStore;
  signer: AssertionSigner;
  signIn: SignIn;
  /** What the gateway tells services about the original request. */
  forwarding: Forwarding;
  /** Every request to a service, forwarded or the gateway's own, goes through its forwarder. */
  forwarders: ReadonlyMap<ServiceName, ServiceForwarder>;
}
