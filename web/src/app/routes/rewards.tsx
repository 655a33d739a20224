import { RewardsScreen } from '../../features/rewards/components/rewards-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** Spec 02 §2, /rewards. */
export function RewardsRoute() {
  return (
    <RequireMember what="rewards">
      {(user) => (
        <AppShell user={user}>
          <RewardsScreen />
        </AppShell>
      )}
    </RequireMember>
  );
}
