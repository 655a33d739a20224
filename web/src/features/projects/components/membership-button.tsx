import type { Project } from '@freemarket/contracts';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useJoinProject } from '../api/join-project';
import { useLeaveProject } from '../api/leave-project';
import { takesParticipants } from '../utils/project-text';

export interface MembershipButtonProps {
  project: Pick<Project, 'id' | 'title' | 'creatorId' | 'isParticipant' | 'status'>;
  meId: string;
  onJoined?: () => void;
}

/**
 * Join or Leave (spec 02 §4); the creator sees neither. One button that turns from Join into Leave
 * and back, never `disabled` (which drops the keyboard focus to the page): the focus stays on it.
 * A completed or archived project takes no one new, so its Join does nothing and says why.
 */
export function MembershipButton({ project, meId, onJoined }: MembershipButtonProps) {
  const join = useJoinProject(onJoined);
  const leave = useLeaveProject();
  const closedNoteId = useId();
  if (project.creatorId === meId) return null;
  const leaving = project.isParticipant;
  const closed = !leaving && !takesParticipants(project);
  const pending = join.isPending || leave.isPending;
  let label = leaving ? 'Leave' : 'Join';
  if (join.isPending) label = 'Joining...';
  else if (leave.isPending) label = 'Leaving...';
  return (
    <>
      <Button
        size="sm"
        variant={leaving ? 'outline' : 'primary'}
        aria-describedby={closed ? closedNoteId : undefined}
        aria-disabled={pending || closed || undefined}
        className={closed ? 'cursor-not-allowed opacity-50' : undefined}
        onClick={() => {
          if (pending || closed) return;
          if (leaving) leave.mutate(project.id);
          else join.mutate(project.id);
        }}
      >
        {label}
        {/* Named with its project: a page of cards otherwise reads 'Join, Join, Leave'. */}
        <span className="sr-only"> {project.title}</span>
      </Button>
      {closed ? (
        <span id={closedNoteId} className="self-center text-xs text-slate-600">
          Not taking new participants
        </span>
      ) : null}
    </>
  );
}
