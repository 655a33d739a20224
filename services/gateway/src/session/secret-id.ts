import { createHash, randomBytes } from 'node:crypto';

/** 256 bits: unguessable, and the cookie is the only place the raw id ever lives. */
const ID_BYTES = 32;
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newSecretId(): string {
  return randomBytes(ID_BYTES).toString('base64url');
}

/** Junk cookies are turned away before they cost a store lookup. */
export function isWellFormedId(id: string | undefined): id is string {
  return id !== undefined && ID_PATTERN.test(id);
}

/** The store only sees hashes, so a dump of it yields no usable cookie. */
export function hashId(id: string): string {
  return createHash('sha256').update(id).digest('base64url');
}
