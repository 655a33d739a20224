import { FeedScreen } from '../../features/feed/components/feed-screen';
import { BroadcastForm } from '../../features/messaging/components/broadcast-form';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** Spec 02 §2, /feed: the feed's screen with messaging's broadcast form in its second tab. */
export function FeedRoute() {
  return (
    <RequireMember what="feed">
      {(user) => (
        <AppShell user={user}>
          <FeedScreen meId={user.id} broadcastForm={<BroadcastForm />} />
        </AppShell>
      )}
    </RequireMember>
  );
}
