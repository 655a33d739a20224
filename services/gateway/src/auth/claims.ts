import { upsertUserSchema, type UpsertUser } from '@freemarket/contracts';
import { InvalidRequestError } from '@freemarket/kit';

type Claims = Record<string, unknown>;

const NAME_MAX = 100;

/**
 * Maps what the provider says about the member to identity's upsert body. A missing email refuses
 * the sign-in (the platform needs one); odd names or pictures are trimmed or dropped rather than
 * failing it.
 */
export function toUpsertUser(claims: Claims): UpsertUser {
  const email = typeof claims.email === 'string' ? claims.email : null;
  if (!email) throw new InvalidRequestError('Sign-in failed: the provider did not share an email address');
  const candidate = {
    id: String(claims.sub),
    email,
    firstName: name(claims.given_name),
    lastName: name(claims.family_name),
    profileImageUrl: picture(claims.picture),
  };
  const parsed = upsertUserSchema.safeParse(candidate);
  if (!parsed.success) throw new InvalidRequestError(`Sign-in failed: the provider's claims are not usable (${parsed.error.issues.map((i) => i.path.join('.')).join(', ')})`);
  return parsed.data;
}

function name(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, NAME_MAX);
  return trimmed === '' ? null : trimmed;
}

function picture(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
