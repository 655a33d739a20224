import type { UserSummary } from '@freemarket/contracts';
import { ArrowLeft, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/field';
import { SkeletonList } from '../../../components/ui/skeleton';
import { PLACEHOLDERS } from '../../../config/constants';
import { cn } from '../../../lib/cn';
import { useMessages } from '../api/get-messages';
import { useSendMessage } from '../api/send-message';
import { markConversationRead } from '../hooks/use-messaging-socket';
import { personName } from './person-name';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** Spec 01 §2: the chat pane of one conversation. */
export function ChatPane({ meId, other, onBack }: { meId: string; other: UserSummary; onBack: () => void }) {
  const messages = useMessages(other.id);
  const send = useSendMessage({ announce: false });
  const [text, setText] = useState('');
  const endRef = useRef<HTMLDivElement>(null);
  const items = messages.data?.items ?? [];
  const unreadFromOther = items.some((m) => m.senderId === other.id && !m.isRead);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [items.length]);

  useEffect(() => {
    if (unreadFromOther) markConversationRead(other.id);
  }, [unreadFromOther, other.id]);

  const submit = () => {
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate({ receiverId: other.id, content }, { onSuccess: () => setText('') });
  };

  return (
    <section className="flex h-full flex-col" aria-label={`Conversation with ${personName(other)}`}>
      <header className="flex items-center gap-2 border-b border-slate-200 p-3">
        <div className="md:hidden">
          <Button variant="ghost" size="icon" aria-label="Back to conversations" onClick={onBack}>
            <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          </Button>
        </div>
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">{personName(other)}</h2>
          <p className="truncate text-sm text-slate-600">{other.email}</p>
        </div>
      </header>
      <div className="h-[400px] flex-1 overflow-y-auto p-3" data-testid="message-pane">
        {messages.isPending ? (
          <SkeletonList count={PLACEHOLDERS.messages} label="Loading messages" itemClassName="h-10 w-2/3" />
        ) : items.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-medium text-slate-900">No messages yet</p>
            <p className="text-sm text-slate-600">Send a message to start the conversation!</p>
          </div>
        ) : (
          <ol className="grid gap-2" aria-live="polite" aria-label="Messages">
            {items.map((m) => {
              const own = m.senderId === meId;
              return (
                <li key={m.id} className={cn('flex', own ? 'justify-end' : 'justify-start')} data-testid="message">
                  <div className={cn('max-w-[70%] rounded-lg px-3 py-2 text-sm', own ? 'bg-blue-700 text-white' : 'bg-slate-100 text-slate-900')}>
                    <p className="wrap-anywhere whitespace-pre-wrap">{m.content}</p>
                    <p className={cn('mt-0.5 text-xs', own ? 'text-blue-100' : 'text-slate-600')}>
                      <time dateTime={m.createdAt}>{timeFormat.format(new Date(m.createdAt))}</time>
                      {own && m.isRead ? <span> · Read</span> : null}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <form
        className="flex items-end gap-2 border-t border-slate-200 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Textarea
          aria-label="Message"
          placeholder="Type a message..."
          value={text}
          rows={1}
          className="min-h-10 resize-none"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={send.isPending || text.trim() === ''}>
          <Send className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}
