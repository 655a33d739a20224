import type { ConversationEntry } from '@freemarket/contracts';
import { Avatar, initialsOf } from '../../../components/ui/avatar';
import { SkeletonList } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { personName } from './person-name';

export function ConversationList({ entries, loading, selectedId, onSelect }: { entries: ConversationEntry[]; loading: boolean; selectedId: string | null; onSelect: (userId: string) => void }) {
  if (loading) return <SkeletonList count={3} label="Loading conversations" itemClassName="h-14 w-full" />;
  if (entries.length === 0) {
    return (
      <div className="p-6 text-center">
        <p className="font-medium text-slate-900">No messages yet</p>
        <p className="text-sm text-slate-600">Start a conversation with someone!</p>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-1" aria-label="Conversations">
      {entries.map((e) => {
        const person = e.otherUser;
        const active = person.id === selectedId;
        return (
          <li key={person.id}>
            <button
              type="button"
              aria-current={active ? 'true' : undefined}
              onClick={() => onSelect(person.id)}
              className={cn('flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-slate-100', active && 'bg-blue-50')}
              data-testid="conversation"
            >
              <Avatar imageUrl={person.profileImageUrl} fallback={initialsOf(person.firstName, person.lastName)} />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{personName(person)}</span>
                <span className="block truncate text-sm text-slate-600">{e.content}</span>
              </span>
              {e.unreadCount > 0 ? (
                <span className="rounded-full bg-blue-700 px-2 py-0.5 text-xs font-semibold text-white" aria-label={`${e.unreadCount} unread`}>
                  {e.unreadCount}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
