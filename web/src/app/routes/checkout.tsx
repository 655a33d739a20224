import { CheckoutScreen } from '../../features/commerce/components/checkout-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** Spec 02 §2, /checkout: the payment screen. */
export function CheckoutRoute() {
  return (
    <RequireMember what="checkout">
      {(user) => (
        <AppShell user={user}>
          <CheckoutScreen />
        </AppShell>
      )}
    </RequireMember>
  );
}
