import { IDENTITY_HEADER, type Logger } from '@freemarket/kit';

export type ProfileSummary = { id: string } & Record<string, unknown>;

/**
 * Asks the directory, which owns profiles, for the member's profile. A call rather than an
 * event projection, so the very next `/api/auth/user` after creating a profile shows it.
 */
export class ProfileLookup {
  constructor(
    private readonly directoryUrl: string,
    private readonly logger: Logger,
    private readonly timeoutMs = 1500,
  ) {}

  async forUser(userId: string, assertion: string): Promise<ProfileSummary | undefined> {
    try {
      const res = await fetch(`${this.directoryUrl}/api/profiles/user/${encodeURIComponent(userId)}`, {
        headers: { [IDENTITY_HEADER]: assertion, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`directory answered ${res.status}`);
      const body: unknown = await res.json();
      return isProfile(body) ? body : undefined;
    } catch (err) {
      // The member is still signed in without it; the profile reappears on the next call.
      this.logger.warn({ err, userId }, 'profile lookup failed');
      return undefined;
    }
  }
}

function isProfile(value: unknown): value is ProfileSummary {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}
