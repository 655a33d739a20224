import { Ban, Check, Clock, UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Tooltip } from '../../../components/ui/tooltip';
import { useCreateConnection } from '../api/create-connection';
import { useConnectionStatus } from '../api/get-connection-status';
import { useConnectionStatuses } from '../hooks/use-connection-statuses';

const ASK_AGAIN_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Spec 01 §2: Connect, Pending (disabled) or Connected (disabled), in the profile dialog; and, for a
 * request the member declined, 'Request declined' (disabled) with when the caller may ask again.
 */
export function ConnectButton({ userId }: { userId: string }) {
  const status = useConnectionStatus(userId, true);
  const create = useCreateConnection();
  const current = status.data?.status;
  if (current === 'accepted') {
    return (
      <Button variant="secondary" size="sm" disabled>
        <Check className="h-4 w-4" aria-hidden="true" /> Connected
      </Button>
    );
  }
  // Pending follows the status alone (read again before a request settles), so a decline heard
  // over the socket turns it back to Connect.
  if (current === 'pending') {
    return (
      <Button variant="secondary" size="sm" disabled>
        <Clock className="h-4 w-4" aria-hidden="true" /> Pending
      </Button>
    );
  }
  const declined = status.data?.declined;
  if (declined) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <Button variant="secondary" size="sm" disabled>
          <Ban className="h-4 w-4" aria-hidden="true" /> Request declined
        </Button>
        <span className="text-sm text-slate-600">
          {declined.askAgainAfter ? `You can ask again after ${ASK_AGAIN_DATE.format(new Date(declined.askAgainAfter))}` : 'You cannot ask again'}
        </span>
      </span>
    );
  }
  return (
    <Button size="sm" onClick={() => create.mutate({ addresseeId: userId })} disabled={create.isPending || status.isPending}>
      <UserPlus className="h-4 w-4" aria-hidden="true" /> Connect
    </Button>
  );
}

/**
 * The card's icon button: plain for none, muted for pending or connected. As in the spec, a click
 * when a status exists is a 'disconnect' that sends nothing.
 */
export function ConnectIconButton({ userId, name }: { userId: string; name: string }) {
  // One list request serves every card, instead of a status request per card.
  const statuses = useConnectionStatuses();
  const create = useCreateConnection();
  const current = statuses.get(userId) ?? (create.isSuccess ? 'pending' : null);
  const label = current === 'accepted' ? `Connected with ${name}` : current === 'pending' ? `Connection request to ${name} pending` : `Connect with ${name}`;
  return (
    <Tooltip label={label}>
      <button
        type="button"
        aria-label={label}
        className={current ? 'rounded-md p-2 text-slate-400 hover:bg-slate-100' : 'rounded-md p-2 text-blue-700 hover:bg-blue-50'}
        disabled={create.isPending}
        onClick={() => {
          if (!current) create.mutate({ addresseeId: userId });
        }}
      >
        <UserPlus className="h-4 w-4" aria-hidden="true" />
      </button>
    </Tooltip>
  );
}
