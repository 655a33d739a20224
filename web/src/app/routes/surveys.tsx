import type { CurrentUser } from '@freemarket/contracts';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { SurveysScreen } from '../../features/surveys/components/surveys-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

function SignedInSurveys({ user }: { user: CurrentUser }) {
  // An answered survey earns points a moment later, through the rewards service's event consumer.
  const refreshRewards = useRefreshRewardBalanceSoon();
  return (
    <AppShell user={user}>
      <SurveysScreen onResponded={refreshRewards} />
    </AppShell>
  );
}

/** Spec 02 §2, /surveys: surveys composed with the rewards an answer earns. */
export function SurveysRoute() {
  return <RequireMember what="surveys">{(user) => <SignedInSurveys user={user} />}</RequireMember>;
}
