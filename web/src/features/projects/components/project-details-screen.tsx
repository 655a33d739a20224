import type { ProjectDetails, ProjectStatus } from '@freemarket/contracts';
import { ArrowLeft, CalendarDays, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar, initialsOf } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { memberName } from '../../../lib/member-name';
import { useProject } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from '../utils/constants';
import { calendarDateText, categoryText, participantsText } from '../utils/project-text';
import { MembershipButton } from './membership-button';
import { OverdueBadge } from './overdue-badge';
import { ProjectStatusBadge } from './project-status-badge';

const CARD = 'grid gap-2 rounded-lg border border-slate-200 bg-white p-5';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={CARD}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** The creator moves the project along (beyond the spec, which never shows a change after creation). */
function StatusControl({ project }: { project: ProjectDetails }) {
  const update = useUpdateProject(project.id);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="project-details-status" className="text-sm font-medium text-slate-800">
        Project status
      </label>
      <Select
        id="project-details-status"
        className="w-40"
        value={update.isPending && update.variables ? update.variables.status : project.status}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ status: e.target.value as ProjectStatus })}
      >
        {PROJECT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {PROJECT_STATUS_LABELS[s]}
          </option>
        ))}
      </Select>
    </div>
  );
}

const JOINED = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function Details({ project, meId, onJoined }: { project: ProjectDetails; meId: string; onJoined?: () => void }) {
  const unnamed = project.participantCount - project.participants.length;
  return (
    <>
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ProjectStatusBadge status={project.status} />
          <span className="min-w-0 text-sm font-medium wrap-anywhere text-slate-700">{categoryText(project)}</span>
        </div>
        <h1 id="project-title" className="text-2xl font-bold wrap-anywhere text-slate-900">
          {project.title}
        </h1>
        <p className="text-slate-700">Created by {memberName(project.creator)}</p>
        <div className="flex flex-wrap items-center gap-3">
          {project.creatorId === meId ? <StatusControl project={project} /> : <MembershipButton project={project} meId={meId} onJoined={onJoined} />}
        </div>
      </header>
      <Section title="Description">
        <p className="wrap-anywhere whitespace-pre-line text-slate-800">{project.description}</p>
      </Section>
      <Section title="Goals">
        <p className="wrap-anywhere whitespace-pre-line text-slate-800">{project.goals ?? 'No goals set yet.'}</p>
      </Section>
      <Section title="Target Date">
        <p className="flex flex-wrap items-center gap-1.5 text-slate-800">
          <CalendarDays className="h-4 w-4 text-slate-500" aria-hidden="true" />
          {project.targetDate ? calendarDateText(project.targetDate) : 'No target date'}
          <OverdueBadge project={project} />
        </p>
      </Section>
      <Section title="Participants">
        <p className="flex items-center gap-1.5 text-sm text-slate-700">
          <Users className="h-4 w-4 text-slate-500" aria-hidden="true" /> {participantsText(project.participantCount)}
        </p>
        {project.participants.length > 0 ? (
          <ul className="grid gap-2 sm:grid-cols-2" aria-label="Participants" data-testid="project-participants">
            {project.participants.map((p) => (
              <li key={p.userId} className="flex items-center gap-3 rounded-md bg-slate-50 p-2">
                <Avatar imageUrl={p.member.profileImageUrl} fallback={initialsOf(p.member.firstName, p.member.lastName)} className="h-9 w-9 text-sm" />
                <div className="min-w-0">
                  <Link to={paths.userProfile.getHref(p.userId)} className="font-medium wrap-anywhere text-blue-800 underline">
                    {memberName(p.member)}
                  </Link>
                  <p className="text-xs text-slate-600">{p.role === 'creator' ? 'Creator' : `Joined ${JOINED.format(new Date(p.joinedAt))}`}</p>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {unnamed > 0 ? <p className="text-sm text-slate-700">and {unnamed} more {unnamed === 1 ? 'participant' : 'participants'}</p> : null}
      </Section>
    </>
  );
}

/** `/projects/{id}` (beyond the spec, whose View Details did nothing): the whole project. */
export function ProjectDetailsScreen({ id, meId, onJoined }: { id: string; meId: string; onJoined?: () => void }) {
  const query = useProject(id);
  let body: ReactNode;
  if (query.isPending) body = <p className="py-10 text-center text-slate-700">Loading project...</p>;
  else if (query.isError)
    body =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400) ? (
        <h1 className="py-10 text-center text-xl font-semibold text-slate-900">Project not found</h1>
      ) : (
        <div className="grid justify-items-center gap-3 py-10 text-center text-slate-700">
          <p>The project could not be loaded.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      );
  else body = <Details project={query.data} meId={meId} onJoined={onJoined} />;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4 p-4">
      <Link to={paths.projects.getHref()} className="flex items-center gap-1 justify-self-start text-sm font-medium text-blue-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Projects
      </Link>
      {body}
    </div>
  );
}
