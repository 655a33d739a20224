import type { Profile } from '@freemarket/contracts';
import type { PrivacyFlag } from '@freemarket/contracts/constants';

/** Another member's view of a section its owner keeps private: the server sent none of its content. */
export function isHiddenFrom(profile: Profile | null, flag: PrivacyFlag, isOwn: boolean): boolean {
  return !isOwn && profile !== null && !profile[flag];
}
