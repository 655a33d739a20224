import { SignJWT, jwtVerify, importPKCS8, importSPKI, generateKeyPair, exportPKCS8, exportSPKI } from 'jose';

/** The header the gateway forwards to services; anything arriving from outside under it is dropped. */
export const IDENTITY_HEADER = 'x-freemarket-identity';
const ALG = 'EdDSA';
const ISSUER = 'freemarket-gateway';
const AUDIENCE = 'freemarket-services';
/** Short-lived: a leaked assertion is worth a minute at most. */
export const ASSERTION_TTL_SECONDS = 60;
const MAX_CACHED = 50_000;

export interface Actor {
  userId: string;
}

export interface AssertionKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

export async function generateAssertionKeys(): Promise<AssertionKeys> {
  const { privateKey, publicKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
  return { privateKeyPem: await exportPKCS8(privateKey), publicKeyPem: await exportSPKI(publicKey) };
}

/**
 * Signs identity assertions for the gateway. A token is reused until half its life is gone, so a
 * busy member costs one signature per half-minute rather than one per request.
 */
export class AssertionSigner {
  private readonly cache = new Map<string, { token: string; refreshAt: number }>();
  private constructor(private readonly key: CryptoKey) {}

  static async fromPem(privateKeyPem: string): Promise<AssertionSigner> {
    return new AssertionSigner(await importPKCS8(privateKeyPem, ALG));
  }

  /** The member's token while it is still being reused, else undefined; lets a hot path skip a promise. */
  reusable(actor: Actor, now = Date.now()): string | undefined {
    const hit = this.cache.get(actor.userId);
    return hit && hit.refreshAt > now ? hit.token : undefined;
  }

  async sign(actor: Actor, now = Date.now()): Promise<string> {
    return this.reusable(actor, now) ?? this.signAnew(actor, now);
  }

  private async signAnew(actor: Actor, now: number): Promise<string> {
    const iat = Math.floor(now / 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: ALG })
      .setSubject(actor.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ASSERTION_TTL_SECONDS)
      .sign(this.key);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(actor.userId, { token, refreshAt: now + (ASSERTION_TTL_SECONDS * 1000) / 2 });
    return token;
  }
}

/** Verifies assertions in services; a verified token is remembered until it expires. */
export class AssertionVerifier {
  private readonly cache = new Map<string, { actor: Actor; expiresAt: number }>();
  private constructor(private readonly key: CryptoKey) {}

  static async fromPem(publicKeyPem: string): Promise<AssertionVerifier> {
    return new AssertionVerifier(await importSPKI(publicKeyPem, ALG));
  }

  /** Returns the actor, or throws when the token is forged, expired or meant for someone else. */
  async verify(token: string, now = Date.now()): Promise<Actor> {
    const hit = this.cache.get(token);
    if (hit && hit.expiresAt > now) return hit.actor;
    const { payload } = await jwtVerify(token, this.key, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(now),
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const actor = { userId: payload.sub as string };
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(token, { actor, expiresAt: (payload.exp as number) * 1000 });
    return actor;
  }
}
