import * as oidc from 'openid-client';
import { UnavailableError, type AppError, type Logger } from '@freemarket/kit';
import type { ClientAuthMethod } from '../config.js';

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  clientAuthMethod: ClientAuthMethod;
}

/** A failed discovery is not repeated more often than this; callers in between get the same 503 at once. */
const RETRY_AFTER_MS = 1000;
const DISCOVERY_TIMEOUT_S = 5;
const REQUEST_TIMEOUT_S = 10;

/**
 * The relying-party side of sign-in. Discovery happens on first use and is retried after a failure,
 * so the gateway boots (and serves everything else) while the identity provider is still starting.
 */
export class OidcClient {
  private configuration: oidc.Configuration | null = null;
  private pending: Promise<oidc.Configuration> | null = null;
  private lastFailure: { at: number; error: AppError } | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly logger: Logger,
  ) {}

  async config(): Promise<oidc.Configuration> {
    if (this.configuration) return this.configuration;
    if (this.lastFailure && Date.now() - this.lastFailure.at < RETRY_AFTER_MS) throw this.lastFailure.error;
    this.pending ??= this.discover().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async discover(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuerUrl);
    try {
      const { clientId, clientSecret, clientAuthMethod } = this.settings;
      const clientAuth = clientAuthMethod === 'client_secret_post' ? oidc.ClientSecretPost(clientSecret) : oidc.ClientSecretBasic(clientSecret);
      const configuration = await oidc.discovery(issuer, clientId, clientSecret, clientAuth, {
        // The built-in development provider is plain http on loopback; any other issuer must be https.
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        timeout: DISCOVERY_TIMEOUT_S,
      });
      configuration.timeout = REQUEST_TIMEOUT_S;
      this.configuration = configuration;
      this.lastFailure = null;
      this.logger.info({ issuer: issuer.href }, 'OpenID provider discovered');
      return configuration;
    } catch (cause) {
      const discovered = discoveredIssuerOf(cause);
      let error: UnavailableError;
      if (discovered === null) {
        this.logger.warn({ err: cause, issuer: issuer.href }, 'OpenID provider discovery failed; will retry on next sign-in');
        error = new UnavailableError('Service Unavailable: the sign-in provider is not reachable', { cause });
      } else {
        // The provider answers, under another name: a setting to correct, not an outage to wait out.
        this.logger.error(
          { expectedIssuer: issuer.href, discoveredIssuer: discovered },
          `OpenID provider configuration error: OIDC_ISSUER_URL is ${issuer.href} but the provider there names itself ${discovered}; ` +
            'set OIDC_ISSUER_URL to its issuer (the built-in provider\'s is <PUBLIC_URL>/oidc, so PUBLIC_URL must be the same for the gateway and identity)',
        );
        error = new UnavailableError('Service Unavailable: sign-in is not available right now', { cause });
      }
      this.lastFailure = { at: Date.now(), error };
      throw error;
    }
  }
}

/**
 * The issuer a provider's discovery document names when it is not the one asked for (openid-client's
 * 'discovered metadata issuer does not match the expected issuer'), else null.
 */
function discoveredIssuerOf(err: unknown): string | null {
  if (!(err instanceof oidc.ClientError) || err.code !== 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return null;
  const cause: unknown = err.cause;
  if (typeof cause !== 'object' || cause === null || !('attribute' in cause) || cause.attribute !== 'issuer' || !('body' in cause)) return null;
  const body: unknown = cause.body;
  return typeof body === 'object' && body !== null && 'issuer' in body && typeof body.issuer === 'string' ? body.issuer : null;
}
