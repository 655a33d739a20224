import type { CurrentUser } from '@freemarket/contracts';
import { EventsScreen } from '../../features/events/components/events-screen';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

function SignedInEvents({ user }: { user: CurrentUser }) {
  // An RSVP earns points a moment later, through the rewards service's event consumer.
  const refreshRewards = useRefreshRewardBalanceSoon();
  return (
    <AppShell user={user}>
      <EventsScreen meId={user.id} onAttended={refreshRewards} />
    </AppShell>
  );
}

/** Spec 02 §2, /events: the events screen composed with the rewards an RSVP earns. */
export function EventsRoute() {
  return <RequireMember what="events">{(user) => <SignedInEvents user={user} />}</RequireMember>;
}
