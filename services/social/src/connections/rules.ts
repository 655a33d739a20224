import { CONNECTION_REASK_COOLDOWN_DAYS, CONNECTION_REQUEST_LIMIT } from '@freemarket/contracts';
import type { ConnectionRow } from '../db/schema/index.js';

const COOLDOWN_MS = CONNECTION_REASK_COOLDOWN_DAYS * 86_400_000;

/** What a new request does to a pair that already has a row. */
export type RequestDecision =
  | { kind: 'exists' }
  | { kind: 'reverse' }
  | { kind: 'reask'; requestCount: number }
  | { kind: 'limit-reached' }
  | { kind: 'cooling-down'; until: Date };

/**
 * A request cannot be used to harass: after a decline the same requester may ask again only after
 * the cooldown, and only up to the limit. The member who declined may always ask themselves.
 */
export function decideRequest(existing: ConnectionRow, requesterId: string, now: Date): RequestDecision {
  if (existing.status !== 'rejected') return { kind: 'exists' };
  if (existing.addresseeId === requesterId) return { kind: 'reverse' };
  if (existing.requestCount >= CONNECTION_REQUEST_LIMIT) return { kind: 'limit-reached' };
  const until = new Date((existing.answeredAt ?? existing.updatedAt).getTime() + COOLDOWN_MS);
  if (until > now) return { kind: 'cooling-down', until };
  return { kind: 'reask', requestCount: existing.requestCount + 1 };
}

/** The answers an addressee may give: pending → accepted | rejected, and rejected → accepted. */
export function canAnswer(current: ConnectionRow['status'], next: 'accepted' | 'rejected'): boolean {
  return current === 'pending' || (current === 'rejected' && next === 'accepted');
}
