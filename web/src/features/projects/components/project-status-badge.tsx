import type { ProjectStatus } from '@freemarket/contracts';
import { Badge } from '../../../components/ui/badge';
import { PROJECT_STATUS_LABELS } from '../utils/constants';

const COLOURS: Readonly<Record<ProjectStatus, string>> = {
  active: 'bg-green-100 text-green-900',
  completed: 'bg-blue-100 text-blue-900',
  archived: 'bg-slate-200 text-slate-800',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge className={COLOURS[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>;
}
