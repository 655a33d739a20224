import type { ProjectStatus } from '@freemarket/contracts';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useProjects, type ProjectFilters } from '../api/get-projects';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, PROJECT_TABS } from '../utils/constants';
import { CreateProjectButton } from './create-project-dialog';
import { ProjectCard } from './project-card';

export interface ProjectsScreenProps {
  meId: string;
  /** Joining earns points a moment later: the route refreshes the balance. */
  onJoined?: () => void;
}

function ProjectList({ filters, meId, onJoined }: { filters: ProjectFilters; meId: string; onJoined?: () => void }) {
  const query = useProjects(filters);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const projects = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.items), [query.data]);
  if (query.isPending) return <p className="py-10 text-center text-slate-700">Loading projects...</p>;
  if (query.isError)
    return (
      <div className="grid justify-items-center gap-3 py-10 text-center text-slate-700">
        <p>{query.error.message}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (projects.length === 0) return <p className="py-10 text-center text-slate-700">No projects found. Create one to get started!</p>;
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Projects">
        {projects.map((project) => (
          <ProjectCard key={project.id} project={project} meId={meId} onJoined={onJoined} />
        ))}
      </ul>
      <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more projects" />
    </>
  );
}

/** Spec 02 §2, /projects: Create Project, the category tabs, the status filter and the cards. */
export function ProjectsScreen({ meId, onJoined }: ProjectsScreenProps) {
  const [category, setCategory] = useState<ProjectFilters['category']>('all');
  const [status, setStatus] = useState<ProjectFilters['status']>('all');
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Community Projects</h1>
          <p className="text-slate-700">Work together on what your community needs</p>
        </div>
        <CreateProjectButton />
      </div>
      <Tabs value={category} onValueChange={(v) => setCategory(v as ProjectFilters['category'])}>
        <div className="grid gap-3">
          {/* Spec 02 §9: five columns, ten on large screens. */}
          <TabsList label="Project categories" className="grid h-auto grid-cols-2 sm:grid-cols-5 lg:grid-cols-10">
            {PROJECT_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value} className="px-2 text-xs sm:text-sm">
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex items-center gap-2 justify-self-end">
            <label htmlFor="project-status-filter" className="text-sm font-medium text-slate-800">
              Status
            </label>
            <Select id="project-status-filter" value={status} onChange={(e) => setStatus(e.target.value as 'all' | ProjectStatus)} className="w-40">
              <option value="all">All Status</option>
              {PROJECT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {PROJECT_STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </div>
        </div>
        {PROJECT_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-4 grid gap-4">
            <ProjectList filters={{ category: tab.value, status }} meId={meId} onJoined={onJoined} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
