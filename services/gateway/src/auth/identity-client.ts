import { AppError, IDENTITY_HEADER, UnavailableError, type AssertionSigner } from '@freemarket/kit';
import type { UpsertUser } from '@freemarket/contracts';
import { roundRobin } from '../proxy/round-robin.js';
import { isUnreachable } from '../proxy/upstream-errors.js';

const TIMEOUT_MS = 5000;

/** The one call the gateway makes to identity itself: create or refresh the member who just signed in. */
export class IdentityClient {
  private readonly identityUrl: () => string;

  /** @param identityUrls identity's instances, taken in turn */
  constructor(
    private readonly identityUrls: readonly string[],
    private readonly signer: AssertionSigner,
  ) {
    this.identityUrl = roundRobin(identityUrls);
  }

  /**
   * Identity accepts this only when the assertion names the same member as the body (sub === id).
   * An instance that refuses the connection is passed for the next (the upsert is idempotent, and
   * nothing reached it), so one stopped instance does not fail every other sign-in.
   */
  async upsertUser(user: UpsertUser): Promise<void> {
    const headers = { 'content-type': 'application/json', [IDENTITY_HEADER]: await this.signer.sign({ userId: user.id }) };
    let response: Response | undefined;
    for (let attempt = 1; !response; attempt++) {
      try {
        response = await fetch(`${this.identityUrl()}/internal/users/${encodeURIComponent(user.id)}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(user),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (cause) {
        const another = cause instanceof Error && isUnreachable(cause) && attempt < this.identityUrls.length;
        if (!another) throw new UnavailableError('Service Unavailable: identity is not reachable', { cause });
      }
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new AppError(502, 'Bad Gateway: identity refused to record the member', { cause: new Error(`${response.status} ${detail.slice(0, 500)}`) });
    }
    await response.body?.cancel();
  }
}
