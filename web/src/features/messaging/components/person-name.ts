import type { UserSummary } from '@freemarket/contracts';

export function personName(user: Pick<UserSummary, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email || 'Unknown member';
}
