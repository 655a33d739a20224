import { AccountScreen } from '../../features/account/components/account-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** `/account`: download a copy of the member's data, or delete the account. */
export function AccountRoute() {
  return (
    <RequireMember what="account">
      {(user) => (
        <AppShell user={user}>
          <AccountScreen user={user} />
        </AppShell>
      )}
    </RequireMember>
  );
}
