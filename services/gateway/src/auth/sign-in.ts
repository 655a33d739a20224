import * as oidc from 'openid-client';
import { AppError, InvalidRequestError, UnavailableError } from '@freemarket/kit';
import { toUpsertUser } from './claims.js';
import type { IdentityClient } from './identity-client.js';
import type { OidcClient } from './oidc-client.js';
import type { PreAuthRecord } from './pre-auth.js';

const SCOPE = 'openid email profile';

/** The authorization-code flow with PKCE, state and nonce (ARCHITECTURE §3.1). */
export class SignIn {
  constructor(
    private readonly oidcClient: OidcClient,
    private readonly identity: IdentityClient,
    private readonly redirectUri: string,
  ) {}

  /** Where to send the browser, and the checks to remember until it comes back. */
  async begin(): Promise<{ authorizationUrl: URL; checks: PreAuthRecord }> {
    const config = await this.oidcClient.config();
    const checks = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { authorizationUrl, checks };
  }

  /**
   * Redeems the code, checks state, nonce and PKCE, and records the member in identity. Returns the
   * member's id. The provider's tokens go no further than this function.
   */
  async complete(callbackUrl: URL, checks: PreAuthRecord): Promise<string> {
    const config = await this.oidcClient.config();
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new InvalidRequestError('Sign-in failed: the provider sent no ID token');
      claims = { ...idClaims };
      // Providers that keep profile claims out of the ID token serve them from userinfo.
      if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
        claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)) };
      }
    } catch (err) {
      throw toSignInError(err);
    }
    const user = toUpsertUser(claims);
    await this.identity.upsertUser(user);
    return user.id;
  }
}

function toSignInError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof oidc.AuthorizationResponseError) return new InvalidRequestError(`Sign-in was not completed: ${err.error}`, { cause: err });
  if (err instanceof oidc.ResponseBodyError) return new InvalidRequestError(`Sign-in failed: ${err.error}`, { cause: err });
  if (err instanceof TypeError || (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))) {
    return new UnavailableError('Service Unavailable: the sign-in provider is not reachable', { cause: err });
  }
  if (err instanceof oidc.ClientError && (err.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || err.code === 'OAUTH_RESPONSE_IS_NOT_JSON')) {
    return new AppError(502, 'Bad Gateway: the sign-in provider answered unexpectedly', { cause: err });
  }
  return new InvalidRequestError('Sign-in failed: the provider response did not pass its checks', { cause: err });
}
