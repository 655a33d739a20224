import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import {
  SignJWT,
  jwtVerify,
  importPKCS8,
  generateKeyPair,
  exportPKCS8,
  exportSPKI,
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';

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

const PEM_PUBLIC_KEY = /^-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----$/;

/**
 * Reads the services' `ASSERTION_PUBLIC_KEY`: one or more Ed25519 SPKI PEM public keys, one after
 * another, so a rotation can hold the old key beside the new. Throws naming the bad key's position.
 */
export function readAssertionPublicKeys(text: string): KeyObject[] {
  const blocks = text
    .split(/(?=-----BEGIN )/)
    .map((block) => block.trim())
    .filter(Boolean);
  if (blocks.length === 0) throw new Error('holds no public key: expected one or more SPKI PEM blocks (-----BEGIN PUBLIC KEY-----)');
  return blocks.map((block, i) => {
    const which = `key ${i + 1} of ${blocks.length}`;
    if (!PEM_PUBLIC_KEY.test(block)) throw new Error(`${which} is not an SPKI PEM public key (-----BEGIN PUBLIC KEY----- … -----END PUBLIC KEY-----)`);
    let key: KeyObject;
    try {
      key = createPublicKey(block);
    } catch {
      throw new Error(`${which} is not a readable SPKI PEM public key`);
    }
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${which} is a ${key.asymmetricKeyType ?? 'non-asymmetric'} key, not Ed25519`);
    return key;
  });
}

/** The key id an assertion names in its header: the RFC 7638 thumbprint of the public key. */
async function publicJwk(key: KeyObject): Promise<JWK & { kid: string }> {
  const jwk = key.export({ format: 'jwk' });
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: ALG, use: 'sig' };
}

/**
 * Signs identity assertions for the gateway, naming its key (`kid`) so services holding several
 * keys during a rotation know which one to check. A token is reused until half its life is gone, so a
 * busy member costs one signature per half-minute rather than one per request.
 */
export class AssertionSigner {
  private readonly cache = new Map<string, { token: string; refreshAt: number }>();
  private constructor(
    private readonly key: CryptoKey,
    /** The thumbprint of the matching public key; logged at start so an operator can see which key signs. */
    readonly kid: string,
  ) {}

  static async fromPem(privateKeyPem: string): Promise<AssertionSigner> {
    const { kid } = await publicJwk(createPublicKey(createPrivateKey(privateKeyPem)));
    return new AssertionSigner(await importPKCS8(privateKeyPem, ALG), kid);
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
      .setProtectedHeader({ alg: ALG, kid: this.kid })
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

/**
 * Verifies assertions in services against every key it holds, picking the key by the token's `kid`;
 * a token naming no key or an unknown one is refused like a forged one. A verified token is
 * remembered until it expires.
 */
export class AssertionVerifier {
  private readonly cache = new Map<string, { actor: Actor; expiresAt: number }>();
  private readonly key: JWTVerifyGetKey;
  private constructor(
    keys: JWK[],
    /** The key ids accepted, logged at start so an operator can see a rotation's keys are in place. */
    readonly kids: string[],
  ) {
    const jwks = createLocalJWKSet({ keys });
    this.key = (header, token) => {
      if (header.kid === undefined) throw new errors.JWKSNoMatchingKey('the assertion names no key (kid)');
      return jwks(header, token);
    };
  }

  /** `publicKeysPem`: one or more SPKI PEM public keys, as `readAssertionPublicKeys` reads them. */
  static async fromPem(publicKeysPem: string): Promise<AssertionVerifier> {
    const jwks = await Promise.all(readAssertionPublicKeys(publicKeysPem).map(publicJwk));
    // The same key listed twice would make its kid ambiguous to the key set.
    const unique = [...new Map(jwks.map((jwk) => [jwk.kid, jwk])).values()];
    return new AssertionVerifier(unique, unique.map((jwk) => jwk.kid));
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
