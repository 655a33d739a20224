import type { Connection } from '@freemarket/contracts';
import { Avatar, initialsOf } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { SkeletonList } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { PLACEHOLDERS } from '../../../config/constants';
import { useAnswerConnection } from '../api/answer-connection';
import { useConnections } from '../api/get-connections';

function other(c: Connection, meId: string) {
  return c.requesterId === meId ? c.addressee : c.requester;
}

function Row({ connection, meId, kind }: { connection: Connection; meId: string; kind: 'accepted' | 'incoming' | 'outgoing' }) {
  const answer = useAnswerConnection();
  const person = other(connection, meId);
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ') || person.email || 'Unknown member';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3" data-testid="connection-row">
      <Avatar imageUrl={person.profileImageUrl} fallback={initialsOf(person.firstName, person.lastName)} />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-600">{person.email}</p>
      </div>
      {kind === 'incoming' ? (
        <div className="flex gap-2">
          <Button size="sm" disabled={answer.isPending} onClick={() => answer.mutate({ id: connection.id, status: 'accepted' })}>
            Accept
          </Button>
          <Button size="sm" variant="outline" disabled={answer.isPending} onClick={() => answer.mutate({ id: connection.id, status: 'rejected' })}>
            Decline
          </Button>
        </div>
      ) : (
        <span className="text-sm font-medium text-slate-700">{kind === 'accepted' ? 'Connected' : 'Pending'}</span>
      )}
    </li>
  );
}

function List({ items, meId, kind, loading, placeholders, empty }: { items: Connection[]; meId: string; kind: 'accepted' | 'incoming' | 'outgoing'; loading: boolean; placeholders: number; empty: React.ReactNode }) {
  if (loading) return <SkeletonList count={placeholders} label="Loading connections" itemClassName="h-16 w-full" />;
  if (items.length === 0) return <div className="py-10 text-center text-slate-700">{empty}</div>;
  return (
    <ul className="grid gap-2">
      {items.map((c) => (
        <Row key={c.id} connection={c} meId={meId} kind={kind} />
      ))}
    </ul>
  );
}

/** Spec 01 §2, /connections for a signed-in member: All, Requests and Sent. */
export function ConnectionsScreen({ meId }: { meId: string }) {
  const connections = useConnections();
  const items = connections.data?.items ?? [];
  const accepted = items.filter((c) => c.status === 'accepted');
  const incoming = items.filter((c) => c.status === 'pending' && c.addresseeId === meId);
  const outgoing = items.filter((c) => c.status === 'pending' && c.requesterId === meId);
  const loading = connections.isPending;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4 p-4">
      <h1 className="text-2xl font-bold text-slate-900">Connections</h1>
      <Tabs defaultValue="all">
        <TabsList label="Connections" className="w-full">
          <TabsTrigger value="all" className="flex-1">
            All ({accepted.length})
          </TabsTrigger>
          <TabsTrigger value="requests" className="flex-1">
            Requests ({incoming.length})
          </TabsTrigger>
          <TabsTrigger value="sent" className="flex-1">
            Sent ({outgoing.length})
          </TabsTrigger>
        </TabsList>
        <TabsContent value="all" className="mt-4">
          <List items={accepted} meId={meId} kind="accepted" loading={loading} placeholders={PLACEHOLDERS.allConnections} empty={<><p className="font-medium">No connections yet.</p><p className="text-sm">Start connecting with service providers on the map!</p></>} />
        </TabsContent>
        <TabsContent value="requests" className="mt-4">
          <List items={incoming} meId={meId} kind="incoming" loading={loading} placeholders={PLACEHOLDERS.requests} empty={<p>No pending requests.</p>} />
        </TabsContent>
        <TabsContent value="sent" className="mt-4">
          <List items={outgoing} meId={meId} kind="outgoing" loading={loading} placeholders={PLACEHOLDERS.sent} empty={<p>No sent requests.</p>} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
