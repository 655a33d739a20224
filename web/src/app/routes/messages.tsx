import { MessagesScreen } from '../../features/messaging/components/messages-screen';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

export function MessagesRoute() {
  return <RequireMember what="messages">{(user) => <AppShell user={user}><MessagesScreen meId={user.id} /></AppShell>}</RequireMember>;
}
