import type { Tutorial } from '@freemarket/contracts';
import { Clock, Eye } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { memberName } from '../../../lib/member-name';
import { dollars, isFreeTutorial, viewsText } from '../utils/tutorial-text';

/**
 * A tutorial card (spec 02 §2), with 'Enrolled' beside the price once the member paid for it. The title is the button that opens the details; its box stretches
 * over the whole card, so the card is one click target and one tab stop.
 */
export function TutorialCard({ tutorial, onOpen }: { tutorial: Tutorial; onOpen: (tutorial: Tutorial) => void }) {
  const free = isFreeTutorial(tutorial);
  return (
    <li
      className="relative flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 hover:border-blue-300 hover:shadow-sm has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-blue-400"
      data-testid="tutorial-card"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold wrap-anywhere text-slate-900">
          <button type="button" onClick={() => onOpen(tutorial)} className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none">
            {tutorial.title}
          </button>
        </h3>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          <Badge className={free ? 'bg-green-100 text-green-900' : 'bg-blue-100 text-blue-900'}>{free ? 'Free' : dollars(tutorial.price)}</Badge>
          {tutorial.isEnrolled ? <Badge className="bg-green-100 text-green-900">Enrolled</Badge> : null}
        </div>
      </div>
      {tutorial.description ? <p className="line-clamp-2 text-sm wrap-anywhere text-slate-700">{tutorial.description}</p> : null}
      <p className="text-sm text-slate-800">{memberName(tutorial.creator)}</p>
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        {tutorial.duration ? (
          <span className="flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden="true" /> {tutorial.duration} min
          </span>
        ) : null}
        <span className="flex items-center gap-1">
          <Eye className="h-4 w-4" aria-hidden="true" /> {viewsText(tutorial.viewCount)}
        </span>
      </p>
    </li>
  );
}
