import { TransactionsScreen } from '../../features/commerce/components/transactions-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** Issue 24, /transactions: the member's transaction history, reached from the header's menu. */
export function TransactionsRoute() {
  return (
    <RequireMember what="transactions">
      {(user) => (
        <AppShell user={user}>
          <TransactionsScreen meId={user.id} />
        </AppShell>
      )}
    </RequireMember>
  );
}
