import type { CurrentUser } from '@freemarket/contracts';
import { LearnScreen } from '../../features/learn/components/learn-screen';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

function SignedInLearn({ user }: { user: CurrentUser }) {
  // A new tutorial earns points a moment later, through the rewards service's event consumer.
  const refreshRewards = useRefreshRewardBalanceSoon();
  return (
    <AppShell user={user}>
      <LearnScreen meId={user.id} onCreated={refreshRewards} />
    </AppShell>
  );
}

/** Spec 02 §2, /learn: the learning hub composed with the rewards a new tutorial earns. */
export function LearnRoute() {
  return <RequireMember what="learning hub">{(user) => <SignedInLearn user={user} />}</RequireMember>;
}
