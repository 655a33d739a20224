import type { Project } from '@freemarket/contracts';
import { Button } from '../../../components/ui/button';
import { useJoinProject } from '../api/join-project';
import { useLeaveProject } from '../api/leave-project';

export interface MembershipButtonProps {
  project: Pick<Project, 'id' | 'creatorId' | 'isParticipant'>;
  meId: string;
  /** The id of the project's title, which tells a screen reader which project the button joins. */
  describedBy?: string;
  onJoined?: () => void;
}

/** Join or Leave (spec 02 §4); the creator sees neither. */
export function MembershipButton({ project, meId, describedBy, onJoined }: MembershipButtonProps) {
  const join = useJoinProject(onJoined);
  const leave = useLeaveProject();
  if (project.creatorId === meId) return null;
  if (project.isParticipant)
    return (
      <Button size="sm" variant="outline" aria-describedby={describedBy} disabled={leave.isPending} onClick={() => leave.mutate(project.id)}>
        {leave.isPending ? 'Leaving...' : 'Leave'}
      </Button>
    );
  return (
    <Button size="sm" aria-describedby={describedBy} disabled={join.isPending} onClick={() => join.mutate(project.id)}>
      {join.isPending ? 'Joining...' : 'Join'}
    </Button>
  );
}
