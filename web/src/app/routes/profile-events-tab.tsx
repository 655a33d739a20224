import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { EventEditorDialog, type EventEditorTarget } from '../../features/events/components/event-editor-dialog';
import { MemberEventList } from '../../features/events/components/member-event-list';
import { PrivacySwitch } from '../../features/profile/components/form-fields';
import { isHiddenFrom } from '../../features/profile/components/privacy';
import { PrivateNotice, Section, type ProfileSectionProps } from '../../features/profile/components/section';
import { useNow } from '../../lib/use-now';

const EVENTS_PRIVATE = <PrivateNotice what="Events" />;

/**
 * Spec 02 §2, the profile's Events tab: the member's Hosting and Attending lists from events, in the
 * profile's section with its privacy switch; on one's own profile in edit mode, create, edit and
 * delete hosted events.
 */
export function ProfileEventsTab({ userId, profile, viewer, isOwn, editing }: ProfileSectionProps) {
  // RSVP buttons leave events that have started; a minute's precision is enough for that.
  const now = useNow(60_000);
  const hidden = isHiddenFrom(profile, 'eventsIsPublic', isOwn);
  const canEdit = isOwn && editing;
  const [editorTarget, setEditorTarget] = useState<EventEditorTarget>(null);

  return (
    <Section
      title="Events"
      testId="profile-events"
      action={
        <div className="flex flex-wrap items-center gap-3">
          <PrivacySwitch flag="eventsIsPublic" section="Events" editing={editing} />
          {canEdit ? (
            <Button size="sm" onClick={() => setEditorTarget({ event: null })}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Create Event
            </Button>
          ) : null}
        </div>
      }
    >
      {hidden ? (
        EVENTS_PRIVATE
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          <MemberEventList
            kind="hosted"
            userId={userId}
            viewerId={viewer.id}
            isOwn={isOwn}
            now={now}
            privateNotice={EVENTS_PRIVATE}
            onEdit={canEdit ? (event) => setEditorTarget({ event }) : undefined}
          />
          <MemberEventList kind="attending" userId={userId} viewerId={viewer.id} isOwn={isOwn} now={now} privateNotice={EVENTS_PRIVATE} />
        </div>
      )}
      <EventEditorDialog target={editorTarget} onClose={() => setEditorTarget(null)} />
    </Section>
  );
}
