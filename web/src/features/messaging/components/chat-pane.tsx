import type { UserSummary } from '@freemarket/contracts';
import { MESSAGE_MAX_LENGTH } from '@freemarket/contracts/constants';
import { ArrowLeft, Send } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/field';
import { SkeletonList } from '../../../components/ui/skeleton';
import { PLACEHOLDERS } from '../../../config/constants';
import { cn } from '../../../lib/cn';
import { useMessages } from '../api/get-messages';
import { markConversationRead } from '../hooks/use-messaging-socket';
import { useSendQueue } from '../hooks/use-send-queue';
import { personName } from './person-name';

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
/** The count of characters shows from here on, before the box stops taking more. */
const COUNT_SHOWN_FROM = MESSAGE_MAX_LENGTH * 0.9;

/** Spec 01 §2: the chat pane of one conversation. */
export function ChatPane({ meId, other, onBack }: { meId: string; other: UserSummary; onBack: () => void }) {
  const messages = useMessages(other.id);
  const [text, setText] = useState('');
  // Unsent text comes back ahead of whatever was typed since, so neither is lost.
  const restore = useCallback((unsent: string[]) => setText((typed) => [...unsent, typed].filter((t) => t !== '').join('\n')), []);
  const queue = useSendQueue(other.id, restore);
  const countId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const items = messages.data?.items ?? [];
  const unreadFromOther = items.some((m) => m.senderId === other.id && !m.isRead);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [items.length]);

  useEffect(() => {
    if (unreadFromOther) markConversationRead(other.id);
  }, [unreadFromOther, other.id]);

  // The text leaves the box as it is sent (spec 01 §4 clears the input), so what is typed while it
  // is on its way stays; Enter during a send queues the next message behind it.
  const submit = () => {
    const content = text.trim();
    if (!content) return;
    setText('');
    queue.send(content);
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
        <div className="grid min-w-0 flex-1 gap-1">
          <Textarea
            aria-label="Message"
            aria-describedby={text.length >= COUNT_SHOWN_FROM ? countId : undefined}
            placeholder="Type a message..."
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
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
          {text.length >= COUNT_SHOWN_FROM ? (
            <p id={countId} className="text-right text-xs text-slate-600" data-testid="message-length">
              {text.length.toLocaleString()} / {MESSAGE_MAX_LENGTH.toLocaleString()} characters
            </p>
          ) : null}
        </div>
        <Button type="submit" size="icon" aria-label="Send message" disabled={queue.sending || text.trim() === ''}>
          <Send className="h-4 w-4" aria-hidden="true" />
        </Button>
      </form>
    </section>
  );
}
