import type { Transaction } from '@freemarket/contracts';
import { useCallback } from 'react';
import { PaymentSuccessScreen } from '../../features/commerce/components/payment-success-screen';
import { useRefreshTutorialsSoon } from '../../features/learn/api/get-tutorial';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** Spec 02 §2, /payment-success: where a payment returns (Stripe's return address too), composed with what a settled payment changes. */
export function PaymentSuccessRoute() {
  const refreshRewards = useRefreshRewardBalanceSoon();
  const refreshTutorials = useRefreshTutorialsSoon();
  const refresh = useCallback(
    (transaction: Transaction) => {
      refreshRewards();
      if (transaction.tutorialId) refreshTutorials();
    },
    [refreshRewards, refreshTutorials],
  );
  return (
    <RequireMember what="payment">
      {(user) => (
        <AppShell user={user}>
          <PaymentSuccessScreen meId={user.id} onSucceeded={refresh} />
        </AppShell>
      )}
    </RequireMember>
  );
}
