import { AppError, IDENTITY_HEADER, UnavailableError, type AssertionSigner } from '@freemarket/kit';
import type { UpsertUser } from '@freemarket/contracts';
import { roundRobin } from '../proxy/round-robin.js';

const TIMEOUT_MS = 5000;

/** The one call the gateway makes to identity itself: create or refresh the member who just signed in. */
export class IdentityClient {
  private readonly identityUrl: () => string;

  /** @param identityUrls identity's instances, taken in turn */
  constructor(
    identityUrls: readonly string[],
    private readonly signer: AssertionSigner,
  ) {
    this.identityUrl = roundRobin(identityUrls);
  }

  /** Identity accepts this only when the assertion names the same member as the body (sub === id). */
  async upsertUser(user: UpsertUser): Promise<void> {
    let response: Response;
    try {
      response = await fetch(`${this.identityUrl()}/internal/users/${encodeURIComponent(user.id)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', [IDENTITY_HEADER]: await this.signer.sign({ userId: user.id }) },
        body: JSON.stringify(user),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (cause) {
      throw new UnavailableError('Service Unavailable: identity is not reachable', { cause });
    }
    if (!response.ok) {
      const detail = await response.text().catch(() => '');
      throw new AppError(502, 'Bad Gateway: identity refused to record the member', { cause: new Error(`${response.status} ${detail.slice(0, 500)}`) });
    }
    await response.body?.cancel();
  }
}
