import { AppError, type AssertionSigner } from '@freemarket/kit';
import type { UpsertUser } from '@freemarket/contracts';
import type { ServiceForwarder } from '../proxy/service-forwarder.js';

/** The one call the gateway makes to identity itself: create or refresh the member who just signed in. */
export class IdentityClient {
  constructor(
    private readonly identity: Pick<ServiceForwarder, 'call'>,
    private readonly signer: AssertionSigner,
  ) {}

  /**
   * Identity accepts this only when the assertion names the same member as the body (sub === id).
   * The forwarder passes an instance that refuses the connection for the next (the upsert is
   * idempotent, and nothing reached it), so one stopped instance does not fail every other sign-in.
   */
  async upsertUser(user: UpsertUser): Promise<void> {
    const answer = await this.identity.call(`/internal/users/${encodeURIComponent(user.id)}`, {
      method: 'PUT',
      identity: await this.signer.sign({ userId: user.id }),
      body: user,
    });
    if (answer.status >= 300) {
      const detail = await answer.text().catch(() => '');
      throw new AppError(502, 'Bad Gateway: identity refused to record the member', { cause: new Error(`${answer.status} ${detail.slice(0, 500)}`) });
    }
    await answer.discard();
  }
}
