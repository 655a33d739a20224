import type { CurrentUser } from '@freemarket/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { BuyNowLink, DonateLink, SendMoneyLink } from '../../features/commerce/components/checkout-links';
import { LogTransactionButton } from '../../features/commerce/components/log-transaction-dialog';
import { useRefreshProfileLists } from '../../features/directory/api/profile-list-keys';
import type { ProfileSlots } from '../../features/profile/components/profile-slots';
import { ProfileScreen } from '../../features/profile/components/profile-screen';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { AppShell } from '../layout/app-shell';
import { ProfileEventsTab } from './profile-events-tab';
import { RequireMember } from './require-member';
import type { SignedOutText } from './signed-out';

/** The profile page composed with commerce's payment links, the member's events and rewards' balance. */
const PROFILE_SLOTS: Omit<ProfileSlots, 'onPointsEarned'> = {
  paymentActions: ({ userId, name, isPoliticalCandidate }) => (
    <>
      <SendMoneyLink sellerId={userId} name={name} />
      <LogTransactionButton sellerId={userId} sellerName={name} isPoliticalCandidate={isPoliticalCandidate} />
    </>
  ),
  donateAction: ({ userId, name }) => <DonateLink sellerId={userId} name={name} />,
  buyAction: (item) => <BuyNowLink item={item} />,
  EventsTab: ProfileEventsTab,
};

function ProfilePage({ user, userId }: { user: CurrentUser; userId: string }) {
  // A saved profile shows on the map and in search with its new details.
  const refreshProfileLists = useRefreshProfileLists();
  // A referral's points arrive through an event: the header's balance and the activity list follow them.
  const refreshBalance = useRefreshRewardBalanceSoon();
  const slots = useMemo<ProfileSlots>(() => ({ ...PROFILE_SLOTS, onPointsEarned: refreshBalance }), [refreshBalance]);
  return (
    <AppShell user={user}>
      <ProfileScreen viewer={user} userId={userId} slots={slots} onSaved={refreshProfileLists} />
    </AppShell>
  );
}

/** `/profile`: one's own profile, created here when there is none (spec 02 §2). */
export function OwnProfileRoute() {
  return <RequireMember what="profile">{(user) => <ProfilePage user={user} userId={user.id} />}</RequireMember>;
}

// Someone else's profile: 'your profiles' would misname it.
const MEMBER_PROFILE_SIGNED_OUT: SignedOutText = { title: 'Please log in to view this profile.' };

/** `/profile/{userId}`: any member's profile, private sections left out by the server. */
export function UserProfileRoute() {
  const { userId = '' } = useParams();
  return <RequireMember what="profile" signedOut={MEMBER_PROFILE_SIGNED_OUT}>{(user) => <ProfilePage user={user} userId={userId} />}</RequireMember>;
}
