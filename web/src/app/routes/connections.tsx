import { ConnectionsScreen } from '../../features/connections/components/connections-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

export function ConnectionsRoute() {
  return <RequireMember what="connections">{(user) => <AppShell user={user}><ConnectionsScreen meId={user.id} /></AppShell>}</RequireMember>;
}
