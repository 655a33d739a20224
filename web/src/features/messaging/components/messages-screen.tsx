import type { UserSummary } from '@freemarket/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useConversations } from '../api/get-conversations';
import { ChatPane } from './chat-pane';
import { ConversationList } from './conversation-list';

/**
 * Spec 01 §2, /messages: conversations on the left, the chat on the right; one pane at a time on
 * small screens. `newContact` names the selected member when no conversation does yet.
 */
export function MessagesScreen({ meId, newContact }: { meId: string; newContact: UserSummary | null }) {
  const conversations = useConversations(true);
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('with');
  const entries = conversations.data?.items ?? [];
  const selected = entries.find((e) => e.otherUser.id === selectedId)?.otherUser ?? (newContact?.id === selectedId ? newContact : null);
  const select = (userId: string | null) => setParams(userId ? { with: userId } : {}, { replace: false });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-3 p-4">
      <div className="flex items-center gap-3">
        <Link to={paths.home.getHref()} className="inline-flex items-center gap-1 text-sm text-blue-800 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Messages</h1>
      </div>
      <div className="grid h-[600px] grid-cols-1 overflow-hidden rounded-lg border border-slate-200 bg-white md:grid-cols-[320px_1fr]">
        <aside className={cn('flex min-w-0 flex-col border-slate-200 md:border-r', selectedId ? 'hidden md:flex' : 'flex')} aria-label="Conversations">
          <h2 className="border-b border-slate-200 p-3 font-semibold text-slate-900">Conversations</h2>
          <div className="h-[500px] flex-1 overflow-y-auto p-2">
            <ConversationList entries={entries} loading={conversations.isPending} selectedId={selectedId} onSelect={select} />
          </div>
        </aside>
        <div className={cn('min-h-0', selectedId ? 'block' : 'hidden md:block')}>
          {selectedId ? (
            <ChatPane
              key={selectedId}
              meId={meId}
              other={selected ?? { id: selectedId, firstName: null, lastName: null, email: null, profileImageUrl: null }}
              onBack={() => select(null)}
            />
          ) : (
            <div className="grid h-full place-items-center p-6 text-center text-slate-600">
              <p>Select a conversation to start messaging</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
