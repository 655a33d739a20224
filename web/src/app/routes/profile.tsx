import type { CurrentUser } from '@freemarket/contracts';
import { useParams } from 'react-router';
import { BuyNowLink, DonateLink, SendMoneyLink } from '../../features/commerce/components/checkout-links';
import { LogTransactionButton } from '../../features/commerce/components/log-transaction-dialog';
import { useRefreshProfileLists } from '../../features/directory/api/profile-list-keys';
import type { ProfileSlots } from '../../features/profile/components/profile-slots';
import { ProfileScreen } from '../../features/profile/components/profile-screen';
import { AppShell } from '../layout/app-shell';
import { ProfileEventsTab } from './profile-events-tab';
import { RequireMember } from './require-member';

/** The profile page composed with commerce's payment links and the member's events. */
const PROFILE_SLOTS: ProfileSlots = {
  paymentActions: ({ userId, name }) => (
    <>
      <SendMoneyLink sellerId={userId} name={name} />
      <LogTransactionButton sellerId={userId} sellerName={name} />
    </>
  ),
  donateAction: ({ userId, name }) => <DonateLink sellerId={userId} name={name} />,
  buyAction: (item) => <BuyNowLink item={item} />,
  EventsTab: ProfileEventsTab,
};

function ProfilePage({ user, userId }: { user: CurrentUser; userId: string }) {
  // A saved profile shows on the map and in search with its new details.
  const refreshProfileLists = useRefreshProfileLists();
  return (
    <AppShell user={user}>
      <ProfileScreen viewer={user} userId={userId} slots={PROFILE_SLOTS} onSaved={refreshProfileLists} />
    </AppShell>
  );
}

/** `/profile`: one's own profile, created here when there is none (spec 02 §2). */
export function OwnProfileRoute() {
  return <RequireMember what="your profile">{(user) => <ProfilePage user={user} userId={user.id} />}</RequireMember>;
}

/** `/profile/{userId}`: any member's profile, private sections left out by the server. */
export function UserProfileRoute() {
  const { userId = '' } = useParams();
  return <RequireMember what="profiles">{(user) => <ProfilePage user={user} userId={userId} />}</RequireMember>;
}
