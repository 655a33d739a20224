import type { Project } from '@freemarket/contracts';
import { Badge } from '../../../components/ui/badge';
import { isOverdue } from '../utils/project-text';

/** Beside the target date of an active project that has passed it. */
export function OverdueBadge({ project }: { project: Pick<Project, 'status' | 'targetDate'> }) {
  return isOverdue(project) ? <Badge className="bg-amber-100 text-amber-900">Overdue</Badge> : null;
}
