import type { PrivacyFlag } from '@freemarket/contracts/constants';
import type { FullProfile } from '../../directory/api/types';

/** Another member's view of a section its owner keeps private: the server sent none of its content. */
export function isHiddenFrom(profile: FullProfile | null, flag: PrivacyFlag, isOwn: boolean): boolean {
  return !isOwn && profile !== null && !profile[flag];
}
