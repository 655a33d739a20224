import type { CreatedSurvey, ReceivedSurvey } from '@freemarket/contracts';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { memberName } from '../../../lib/member-name';
import { plural } from '../../../lib/plural';
import type { SurveysTab } from '../../../config/paths';
import { useCreatedSurveys } from '../api/get-created-surveys';
import { useReceivedSurveys } from '../api/get-received-surveys';
import { useSendSurvey } from '../api/send-survey';
import { CreateSurveyButton } from './create-survey-dialog';
import { SurveyResultsDialog } from './survey-results-dialog';
import { TakeSurveyDialog } from './take-survey-dialog';

function CreatedSurveyItem({ survey, onViewResults }: { survey: CreatedSurvey; onViewResults: (survey: CreatedSurvey) => void }) {
  const send = useSendSurvey();
  const sendText = send.isPending ? 'Sending...' : 'Send to Network';
  // Each button names its survey for a screen reader: a list of them otherwise repeats the same names.
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="created-survey">
      <h3 className="font-semibold wrap-anywhere text-slate-900">{survey.title}</h3>
      {survey.description ? <p className="text-sm wrap-anywhere whitespace-pre-wrap text-slate-700">{survey.description}</p> : null}
      <p className="text-sm text-slate-600">
        {plural(survey.questions.length, 'question', 'questions')} · sent to {plural(survey.recipientCount, 'member', 'members')} ·{' '}
        {plural(survey.responseCount, 'response', 'responses')}
      </p>
      <div className="flex flex-wrap gap-2">
        {/* aria-disabled, not disabled, while sending: a disabled button drops the keyboard focus. */}
        <Button size="sm" aria-disabled={send.isPending || undefined} aria-label={`${sendText}: ${survey.title}`} onClick={() => send.mutate(survey)}>
          {sendText}
        </Button>
        <Button size="sm" variant="outline" aria-label={`View Results of ${survey.title}`} onClick={() => onViewResults(survey)}>
          View Results
        </Button>
      </div>
    </li>
  );
}

function ReceivedSurveyItem({ received, onTake }: { received: ReceivedSurvey; onTake: (received: ReceivedSurvey) => void }) {
  const pending = received.status === 'pending';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="received-survey">
      {/* At least 12rem for the title: on a phone the status and the button wrap below it. */}
      <div className="min-w-0 flex-1 basis-48">
        <h3 className="font-semibold wrap-anywhere text-slate-900">{received.survey.title}</h3>
        <p className="text-sm text-slate-600">From {memberName(received.creator)}</p>
      </div>
      <Badge className={pending ? 'bg-amber-100 text-amber-900' : 'bg-green-100 text-green-900'}>{pending ? 'Pending' : 'Completed'}</Badge>
      {pending ? (
        <Button size="sm" aria-label={`Take Survey: ${received.survey.title}`} onClick={() => onTake(received)}>
          Take Survey
        </Button>
      ) : null}
    </li>
  );
}

interface PagedListProps<T> {
  query: {
    data?: { pages: Array<{ items: T[] }> };
    isPending: boolean;
    isError: boolean;
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    fetchNextPage: () => Promise<unknown>;
    refetch: () => Promise<unknown>;
  };
  label: string;
  empty: string;
  moreLabel: string;
  render: (item: T) => ReactNode;
}

function PagedList<T>({ query, label, empty, moreLabel, render }: PagedListProps<T>) {
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const items = useMemo(() => (query.data?.pages ?? []).flatMap((p) => p.items), [query.data]);
  if (query.isPending) return <SkeletonList count={2} label={`Loading ${label.toLowerCase()}`} itemClassName="h-24 w-full" />;
  if (query.isError)
    return (
      <div className="grid justify-items-center gap-3 py-10 text-center text-slate-700">
        <p>{label} could not be loaded.</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  if (items.length === 0) return <p className="py-10 text-center text-slate-700">{empty}</p>;
  return (
    <>
      <ul className="grid gap-3" aria-label={label}>
        {items.map(render)}
      </ul>
      <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={loadMore} label={moreLabel} />
    </>
  );
}

/** Spec 02 §2, /surveys: the member's own surveys and their inbox. */
export function SurveysScreen({ onResponded }: { onResponded: () => void }) {
  const created = useCreatedSurveys();
  const received = useReceivedSurveys();
  const [viewing, setViewing] = useState<CreatedSurvey | null>(null);
  const [taking, setTaking] = useState<ReceivedSurvey | null>(null);
  const closeResults = useCallback(() => setViewing(null), []);
  const closeTaking = useCallback(() => setTaking(null), []);
  // The tab lives in the address, so a link (the bell's) can open the Inbox.
  const [params, setParams] = useSearchParams();
  const tab: SurveysTab = params.get('tab') === 'inbox' ? 'inbox' : 'mine';
  const showTab = (value: string) => setParams(value === 'inbox' ? { tab: 'inbox' } : {}, { replace: true });
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Surveys</h1>
        <CreateSurveyButton />
      </div>
      <Tabs value={tab} onValueChange={showTab}>
        <TabsList label="Surveys" className="w-full">
          <TabsTrigger value="mine" className="flex-1">
            My Surveys
          </TabsTrigger>
          <TabsTrigger value="inbox" className="flex-1">
            Inbox
          </TabsTrigger>
        </TabsList>
        <TabsContent value="mine" className="mt-4 grid gap-3">
          <PagedList
            query={created}
            label="My surveys"
            empty="No surveys yet. Create one to get started!"
            moreLabel="Load more surveys"
            render={(s) => <CreatedSurveyItem key={s.id} survey={s} onViewResults={setViewing} />}
          />
        </TabsContent>
        <TabsContent value="inbox" className="mt-4 grid gap-3">
          <PagedList
            query={received}
            label="Inbox"
            empty="No surveys to complete yet."
            moreLabel="Load more surveys"
            render={(r) => <ReceivedSurveyItem key={r.id} received={r} onTake={setTaking} />}
          />
        </TabsContent>
      </Tabs>
      <SurveyResultsDialog survey={viewing} onClose={closeResults} />
      <TakeSurveyDialog received={taking} onClose={closeTaking} onSubmitted={onResponded} />
    </div>
  );
}
