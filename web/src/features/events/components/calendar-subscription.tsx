import { CalendarSync, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Input } from '../../../components/ui/field';
import { toast } from '../../../components/ui/toast-store';
import { useCreateCalendarFeed } from '../api/create-calendar-feed';
import { useCalendarFeedStatus } from '../api/get-calendar-feed';
import { longDate } from '../utils/dates';

const NEW_ADDRESS = 'Get a new address';

/**
 * Beyond the spec: a private address a calendar app subscribes to, listing the events the member
 * hosts or attends. The server keeps only a hash of it, so it is shown once, as it is made; a new
 * one retires the one before (a member who shared theirs by mistake takes it back), and the card
 * asks first, since every app subscribed with the old address stops updating.
 */
export function CalendarSubscription() {
  const status = useCalendarFeedStatus();
  const feed = useCreateCalendarFeed();
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const url = feed.data ? `${window.location.origin}${feed.data.path}` : null;
  const madeAt = status.data?.createdAt ?? null;
  // A status that could not be read counts as an address: asking first never breaks a subscription unawares.
  const hasAddress = status.isError || madeAt !== null;

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

  const request = () => {
    if (feed.isPending) return;
    if (hasAddress) setConfirming(true);
    else feed.mutate();
  };

  return (
    <section aria-labelledby="calendar-feed-heading" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="calendar-feed-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarSync className="h-5 w-5 text-blue-700" aria-hidden="true" /> Your calendar
      </h2>
      <p className="text-sm text-slate-700">Follow the events you host or attend in your own calendar app through a private address.</p>
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
          <p className="text-sm text-slate-700">Copy it now: we keep only a fingerprint of it, for your privacy, so it cannot be shown again.</p>
        </div>
      ) : hasAddress ? (
        <p className="text-sm text-slate-700" data-testid="calendar-feed-status">
          You made your private address{madeAt ? ` on ${longDate(new Date(madeAt))}` : ''}. We keep only a fingerprint of it, for your privacy, so it cannot be shown
          again. If you need it again, get a new address: calendar apps subscribed with the old one then stop updating.
        </p>
      ) : null}
      <div>
        {/* aria-disabled, not disabled, while the address is made: a disabled button drops the keyboard focus. */}
        <Button variant="outline" disabled={status.isPending} aria-disabled={feed.isPending || undefined} onClick={request}>
          {feed.isPending ? 'Creating address...' : hasAddress ? NEW_ADDRESS : 'Subscribe in your calendar app'}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Get a new calendar address?"
        description="Your calendar apps subscribed with the old address will stop updating."
        confirmLabel={NEW_ADDRESS}
        pendingLabel="Creating address..."
        pending={feed.isPending}
        onConfirm={() => feed.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
