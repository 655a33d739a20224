import { z } from 'zod';
import { hashId, isWellFormedId, newSecretId } from '../session/secret-id.js';
import { reachStore, type SessionStore } from '../session/store.js';

/** What `/api/login` remembers for `/api/callback`: the checks the authorization response must pass, and the page to return to. */
const preAuthSchema = z.object({ state: z.string(), nonce: z.string(), codeVerifier: z.string(), returnTo: z.string().optional() });
export type PreAuthRecord = z.infer<typeof preAuthSchema>;

/** Long enough to type an email address at the provider, short enough that a stale attempt dies. */
export const PRE_AUTH_TTL_MS = 10 * 60_000;

/** Sign-in attempts in flight, keyed by a random id kept in their own cookie; each is usable once. */
export class PreAuthStore {
  constructor(private readonly store: SessionStore) {}

  async create(record: PreAuthRecord): Promise<string> {
    const id = newSecretId();
    await reachStore(() => this.store.set(preAuthKey(id), JSON.stringify(record), PRE_AUTH_TTL_MS));
    return id;
  }

  async take(id: string | undefined): Promise<PreAuthRecord | null> {
    if (!isWellFormedId(id)) return null;
    const raw = await reachStore(() => this.store.take(preAuthKey(id)));
    if (raw === null) return null;
    try {
      return preAuthSchema.parse(JSON.parse(raw));
    } catch {
      return null;
    }
  }
}

function preAuthKey(id: string): string {
  return `auth:${hashId(id)}`;
}
