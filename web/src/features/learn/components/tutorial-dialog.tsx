import type { Tutorial } from '@freemarket/contracts';
import { Bookmark, Clock, Eye, Play } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar, initialsOf } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { memberName } from '../../../lib/member-name';
import { useSaveTutorial } from '../api/save-tutorial';
import { useStartTutorial } from '../api/start-tutorial';
import { dollars, isFreeTutorial, viewsText } from '../utils/tutorial-text';
import { videoAddressOf } from '../utils/video-address';
import { TutorialVideo, type TutorialVideoHandle } from './tutorial-video';

export interface TutorialDialogProps {
  /** Whether a tutorial is open (it may still be loading, from a link). */
  open: boolean;
  /** The open tutorial as the server answers it; undefined while it loads or when it could not be read. */
  tutorial: Tutorial | undefined;
  /** The tutorial could not be read (gone, or the server failed). */
  failed: boolean;
  /** The member just paid for it and the enrolment is on its way (it lands through an event). */
  waitingForEnrolment: boolean;
  meId: string;
  onClose: () => void;
}

type DetailsProps = Pick<TutorialDialogProps, 'waitingForEnrolment' | 'meId'> & { tutorial: Tutorial };

function Details({ tutorial, meId, waitingForEnrolment }: DetailsProps) {
  const player = useRef<TutorialVideoHandle>(null);
  const video = useMemo(() => (tutorial.videoUrl ? videoAddressOf(tutorial.videoUrl) : null), [tutorial.videoUrl]);
  const navigate = useNavigate();
  const start = useStartTutorial();
  // Said in the dialog after the member's own Save for Later (a live region, read out as it changes).
  const [saveNote, setSaveNote] = useState('');
  const save = useSaveTutorial((changed) => {
    setSaveNote(changed.isSaved ? 'Saved for later. Find it in the Saved tab.' : 'Removed from saved. It is no longer in the Saved tab.');
  });
  const free = isFreeTutorial(tutorial);
  const mine = tutorial.creatorId === meId;

  const startLearning = () => {
    start.mutate(tutorial.id);
    // Played within the click, while the browser still counts it as the member's own gesture.
    player.current?.play();
  };
  // The server charges the tutorial's own price to its creator; the address only says what the checkout shows.
  const enroll = () =>
    navigate(
      paths.checkout.getHref({ sellerId: tutorial.creatorId, amount: Number(tutorial.price).toFixed(2), type: 'purchase', tutorialId: tutorial.id, description: `Tutorial: ${tutorial.title}` }),
    );
  // aria-disabled, not disabled: a disabled button drops the keyboard focus out of the dialog; the hooks send one request per press.
  const startButton = (label: string) => (
    <Button onClick={startLearning} aria-disabled={start.isPending || undefined}>
      <Play className="h-4 w-4" aria-hidden="true" /> {label}
    </Button>
  );

  return (
    <div className="grid gap-4">
      {video ? (
        <TutorialVideo ref={player} video={video} title={tutorial.title} />
      ) : start.isSuccess ? (
        <p role="status" className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          This tutorial has no video: its description below is the lesson.
        </p>
      ) : null}
      <div className="flex items-center gap-3">
        <Avatar fallback={initialsOf(tutorial.creator.firstName, tutorial.creator.lastName)} imageUrl={tutorial.creator.profileImageUrl} className="h-11 w-11" />
        <div>
          <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">Instructor</p>
          <p className="font-medium text-slate-900">{memberName(tutorial.creator)}</p>
        </div>
      </div>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
        {tutorial.duration ? (
          <span className="flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden="true" /> {tutorial.duration} min
          </span>
        ) : null}
        <span className="flex items-center gap-1" data-testid="tutorial-views">
          <Eye className="h-4 w-4" aria-hidden="true" /> {viewsText(tutorial.viewCount)}
        </span>
        {tutorial.skill ? <Badge>{tutorial.skill.name}</Badge> : null}
        {tutorial.isEnrolled ? <Badge className="bg-green-100 text-green-900">Enrolled</Badge> : null}
      </p>
      <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-800">{tutorial.description || 'No description provided'}</p>
      <div className="flex flex-wrap gap-2">
        {free ? (
          startButton('Start Learning (Free)')
        ) : mine ? (
          <p className="self-center text-sm text-slate-700">You created this tutorial ({dollars(tutorial.price)}).</p>
        ) : tutorial.isEnrolled ? (
          startButton('Start Learning')
        ) : waitingForEnrolment ? (
          <p role="status" className="self-center text-sm text-slate-700">
            Confirming your enrollment...
          </p>
        ) : (
          <Button onClick={enroll}>Enroll for {dollars(tutorial.price)}</Button>
        )}
        <Button
          variant={tutorial.isSaved ? 'secondary' : 'outline'}
          aria-pressed={tutorial.isSaved}
          aria-disabled={save.isPending || undefined}
          onClick={() => save.mutate({ id: tutorial.id, saved: !tutorial.isSaved })}
        >
          <Bookmark className={cn('h-4 w-4', tutorial.isSaved ? 'fill-current' : undefined)} aria-hidden="true" /> Save for Later
        </Button>
        <p role="status" className="self-center text-sm text-slate-700">
          {saveNote}
        </p>
      </div>
    </div>
  );
}

/**
 * Spec 02 §2: a tutorial's details, with what its three buttons do (the spec left that unshown).
 * Enroll pays for a paid tutorial through the checkout; once enrolled, the member sees its video
 * and Start Learning, as its creator sees theirs.
 */
export function TutorialDialog({ open, tutorial, failed, waitingForEnrolment, meId, onClose }: TutorialDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onClose())} title={tutorial?.title ?? 'Tutorial'} description="Tutorial details" hideDescription className="max-w-2xl">
      {tutorial ? (
        <Details key={tutorial.id} tutorial={tutorial} meId={meId} waitingForEnrolment={waitingForEnrolment} />
      ) : failed ? (
        <p role="alert" className="text-slate-800">
          This tutorial could not be found. It may have been removed.
        </p>
      ) : (
        <p role="status" className="text-slate-700">
          Loading tutorial...
        </p>
      )}
    </Dialog>
  );
}
