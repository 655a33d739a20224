import type { Tutorial } from '@freemarket/contracts';
import { ArrowLeft, BookOpen, Search } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { useSavedTutorials } from '../api/get-saved-tutorials';
import { useSkillCategories } from '../api/get-skill-categories';
import { useTutorial } from '../api/get-tutorial';
import { useTutorialsByCategory } from '../api/get-tutorials';
import { SAVED_TAB } from '../utils/constants';
import { matchesSearch } from '../utils/tutorial-text';
import { CreateTutorialButton } from './create-tutorial-dialog';
import { TutorialCard } from './tutorial-card';
import { TutorialDialog } from './tutorial-dialog';

export interface LearnScreenProps {
  meId: string;
  /** A new tutorial earns points a moment later: the route refreshes the balance. */
  onCreated?: () => void;
}

interface TutorialListProps {
  query: ReturnType<typeof useTutorialsByCategory>;
  search: string;
  /** What an empty tab says when no search narrows it. */
  empty: string;
  onOpen: (tutorial: Tutorial) => void;
}

function TutorialList({ query, search, empty, onOpen }: TutorialListProps) {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const tutorials = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.items).filter((t) => matchesSearch(t, search)), [query.data, search]);
  if (query.isPending) return <SkeletonList count={3} label="Loading tutorials" itemClassName="h-32 w-full" />;
  if (query.isError)
    return (
      <div className="grid justify-items-center gap-3 py-10 text-center text-slate-700">
        <p>The tutorials could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (tutorials.length === 0) return <p className="py-10 text-center text-slate-700">{search.trim() ? 'No tutorials match your search' : empty}</p>;
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tutorials">
        {tutorials.map((t) => (
          <TutorialCard key={t.id} tutorial={t} onOpen={onOpen} />
        ))}
      </ul>
      <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={loadMore} label="Load more tutorials" />
    </>
  );
}

function CategoryTutorials({ categoryId, ...rest }: { categoryId: string } & Omit<TutorialListProps, 'query' | 'empty'>) {
  const query = useTutorialsByCategory(categoryId);
  return <TutorialList query={query} empty="No tutorials available in this category yet" {...rest} />;
}

function SavedTutorials(props: Omit<TutorialListProps, 'query' | 'empty'>) {
  const query = useSavedTutorials();
  return <TutorialList query={query} empty="No saved tutorials yet. Open a tutorial and choose Save for Later." {...props} />;
}

/**
 * The tutorial the details dialog shows: one a card opened, or the one the address names
 * (`paths.learn.getHref`, the link after paying for it), read from the server.
 */
function useOpenTutorial(meId: string) {
  const [params, setParams] = useSearchParams();
  const linked = params.get('tutorial');
  const [picked, setPicked] = useState<Tutorial | null>(null);
  const id = picked?.id ?? linked;
  const query = useTutorial(id, { seed: picked ?? undefined, justPaid: !picked && params.get('paid') === '1', meId });
  const close = useCallback(() => {
    setPicked(null);
    if (linked) setParams({}, { replace: true });
  }, [linked, setParams]);
  return { id, linked, query, open: setPicked, close };
}

/** Spec 02 §2, the learning hub: search, a tab per skill category and the saved ones, cards and details. */
export function LearnScreen({ meId, onCreated }: LearnScreenProps) {
  const categories = useSkillCategories();
  const [tab, setTab] = useState('');
  const [search, setSearch] = useState('');
  const details = useOpenTutorial(meId);
  const list = categories.data ?? [];
  // A linked tutorial opens on its category's tab, so closing it shows its neighbours.
  const linkedCategory = details.linked ? details.query.data?.skill?.categoryId : undefined;
  useEffect(() => {
    if (linkedCategory) setTab((current) => current || linkedCategory);
  }, [linkedCategory]);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-5 p-4">
      <Link to={paths.home.getHref()} className="flex items-center gap-1 justify-self-start text-sm font-medium text-blue-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Map
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Learning Hub</h1>
          <p className="text-slate-700">Learn new skills from members of your community</p>
        </div>
        <CreateTutorialButton categories={list} onCreated={() => onCreated?.()} />
      </div>
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden="true" />
        <Input type="search" aria-label="Search tutorials" placeholder="Search tutorials..." value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
      </div>
      {categories.isPending ? (
        <SkeletonList count={1} label="Loading categories" itemClassName="h-10 w-full" />
      ) : categories.isError ? (
        <div className="grid justify-items-center gap-3 py-6 text-center text-slate-700">
          <p>The skill categories could not be loaded.</p>
          <Button variant="outline" onClick={() => void categories.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList label="Skill categories" className="flex-wrap">
            {list.map((c) => (
              <TabsTrigger key={c.id} value={c.id}>
                {c.name}
              </TabsTrigger>
            ))}
            <TabsTrigger value={SAVED_TAB}>Saved</TabsTrigger>
          </TabsList>
          {tab === '' ? (
            <div className="grid justify-items-center gap-2 py-12 text-center">
              <BookOpen className="h-10 w-10 text-slate-400" aria-hidden="true" />
              <h2 className="text-lg font-semibold text-slate-900">Select a Category</h2>
              <p className="text-slate-700">Choose a skill category above to browse available tutorials</p>
            </div>
          ) : null}
          {list.map((c) => (
            <TabsContent key={c.id} value={c.id} className="mt-4 grid gap-4">
              <CategoryTutorials categoryId={c.id} search={search} onOpen={details.open} />
            </TabsContent>
          ))}
          <TabsContent value={SAVED_TAB} className="mt-4 grid gap-4">
            <SavedTutorials search={search} onOpen={details.open} />
          </TabsContent>
        </Tabs>
      )}
      <TutorialDialog
        open={details.id !== null}
        tutorial={details.query.data}
        failed={details.query.isError}
        waitingForEnrolment={details.query.waitingForEnrolment}
        meId={meId}
        onClose={details.close}
      />
    </div>
  );
}
