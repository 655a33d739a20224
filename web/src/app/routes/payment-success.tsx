import { PaymentSuccessScreen } from '../../features/commerce/components/payment-success-screen';
import { useRefreshRewardBalanceSoon } from '../../features/rewards/api/get-balance';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** Spec 02 §2, /payment-success: where a payment returns (Stripe's return address too). */
export function PaymentSuccessRoute() {
  const refreshRewards = useRefreshRewardBalanceSoon();
  return (
    <RequireMember what="payment">
      {(user) => (
        <AppShell user={user}>
          <PaymentSuccessScreen onSucceeded={refreshRewards} />
        </AppShell>
      )}
    </RequireMember>
  );
}
