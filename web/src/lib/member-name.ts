import type { MemberName } from '@freemarket/contracts';

/** A member's first and last name as the feed and surveys show them (never their e-mail). */
export function memberName(member: Pick<MemberName, 'firstName' | 'lastName'>): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ') || 'FreeMarket member';
}
