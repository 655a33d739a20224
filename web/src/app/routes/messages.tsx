import type { UserSummary } from '@freemarket/contracts';
import { useSearchParams } from 'react-router';
import { useConversations } from '../../features/messaging/api/get-conversations';
import { MessagesScreen } from '../../features/messaging/components/messages-screen';
import { useProfileOfUser } from '../../features/profile/api/get-profile';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/**
 * The member `?with=` opens a first conversation with: no conversation names them yet, so their
 * profile gives the chat header their name (null while it loads, or for a member without one).
 */
function useNewContact(): UserSummary | null {
  const [params] = useSearchParams();
  const withId = params.get('with');
  const conversations = useConversations(true);
  const known = conversations.data?.items.some((e) => e.otherUser.id === withId) ?? false;
  const profile = useProfileOfUser(withId !== null && conversations.isSuccess && !known ? withId : null);
  return profile.data?.user ?? null;
}

function Messages({ meId }: { meId: string }) {
  return <MessagesScreen meId={meId} newContact={useNewContact()} />;
}

export function MessagesRoute() {
  return <RequireMember what="messages">{(user) => <AppShell user={user}><Messages meId={user.id} /></AppShell>}</RequireMember>;
}
