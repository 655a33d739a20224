import type { Legislation, LegislationInput } from '@freemarket/contracts';
import { FileText, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '../../../components/ui/button';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FieldProblem, Input, problemAttributes, Textarea } from '../../../components/ui/field';
import { LoadMore } from '../../../components/ui/load-more';
import { ApiError } from '../../../lib/api-client';
import { useCreateLegislation } from '../api/create-legislation';
import { useDeleteLegislation } from '../api/delete-legislation';
import { useLegislation } from '../api/get-legislation';
import { useUpdateLegislation } from '../api/update-legislation';
import { PrivateNotice, Section, type ProfileSectionProps } from './section';
import { isWebAddress } from '../../../lib/web-address';

// The contract's limits (legislationInputSchema).
const LIMITS = { title: 200, description: 10_000, documents: 20, url: 2048 } as const;

/** Spec 02 §5: one address a line, blank lines dropped. */
function documentLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

// Its state lives inside the dialog's content, which unmounts on close: every opening starts afresh.
function LegislationForm({ legislation, pending, onSubmit, onCancel }: { legislation: Legislation | null; pending: boolean; onSubmit: (body: LegislationInput) => void; onCancel: () => void }) {
  const [title, setTitle] = useState(legislation?.title ?? '');
  const [description, setDescription] = useState(legislation?.description ?? '');
  const [documents, setDocuments] = useState(legislation?.documentUrls.join('\n') ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!title.trim() || pending) return;
    const urls = documentLines(documents);
    const bad = urls.find((u) => !isWebAddress(u) || u.length > LIMITS.url);
    const found = bad ? `Not a web address: ${bad}. Each line must start with http:// or https://` : urls.length > LIMITS.documents ? `At most ${LIMITS.documents} document links` : null;
    // Rendered at once, so the field that takes the focus below already carries its message.
    flushSync(() => setProblem(found));
    if (found) {
      document.getElementById('legislation-documents')?.focus();
      return;
    }
    onSubmit({ title: title.trim(), description: description.trim() || null, documentUrls: urls });
  };

  return (
    <form className="grid gap-3" noValidate onSubmit={submit}>
      <Field label="Title (required)" htmlFor="legislation-title">
        <Input id="legislation-title" required maxLength={LIMITS.title} value={title} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label="Description" htmlFor="legislation-description">
        <Textarea id="legislation-description" rows={4} maxLength={LIMITS.description} value={description} onChange={(e) => setDescription(e.target.value)} />
      </Field>
      <Field label="Document links (one per line)" htmlFor="legislation-documents">
        <Textarea
          id="legislation-documents"
          rows={3}
          placeholder="https://"
          value={documents}
          onChange={(e) => setDocuments(e.target.value)}
          {...problemAttributes('legislation-documents', problem)}
        />
        <FieldProblem controlId="legislation-documents" problem={problem} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!title.trim() || pending}>
          {pending ? 'Saving...' : 'Save Legislation'}
        </Button>
      </div>
    </form>
  );
}

function LegislationCard({ legislation, canEdit, onEdit, onDelete }: { legislation: Legislation; canEdit: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-4" data-testid="legislation">
      <h3 className="font-semibold wrap-anywhere text-slate-900">{legislation.title}</h3>
      {legislation.description ? <p className="text-sm wrap-anywhere whitespace-pre-line text-slate-700">{legislation.description}</p> : null}
      {legislation.documentUrls.length ? (
        <ul className="grid gap-1" aria-label={`${legislation.title}: documents`}>
          {legislation.documentUrls.map((url, i) => (
            <li key={url + i}>
              <a href={url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 text-sm break-all text-blue-800 underline">
                <FileText className="h-4 w-4 shrink-0" aria-hidden="true" /> {url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap gap-2">
          <EditDeleteButtons name={legislation.title} onEdit={onEdit} onDelete={onDelete} />
        </div>
      ) : null}
    </li>
  );
}

/** Asks before deleting `legislation`; null keeps it closed. */
function DeleteLegislationDialog({ legislation, onClose }: { legislation: Legislation | null; onClose: () => void }) {
  const remove = useDeleteLegislation(onClose);
  return (
    <ConfirmDialog
      open={legislation !== null}
      title="Delete this legislation?"
      description={legislation ? `${legislation.title} is removed from your profile. This cannot be undone.` : ''}
      pending={remove.isPending}
      onConfirm={() => legislation && remove.mutate(legislation.id)}
      onCancel={onClose}
    />
  );
}

/** Spec 02 §2, the Political tab's proposed legislation; created, edited and deleted on one's own profile in edit mode. */
export function ProposedLegislation({ userId, profile, isOwn, editing }: ProfileSectionProps) {
  // Only a saved candidate profile has a list to read; the Political tab hides it when private.
  const query = useLegislation(userId, profile?.isPoliticalCandidate === true);
  const canEdit = isOwn && editing;
  // Only a candidate by their saved profile may propose: a freshly ticked box must be saved first.
  const canPropose = canEdit && profile?.isPoliticalCandidate === true;
  // Open with the piece being edited, or with null to add one (spec 02 §4).
  const [dialog, setDialog] = useState<{ legislation: Legislation | null } | null>(null);
  const [deleting, setDeleting] = useState<Legislation | null>(null);
  const close = () => setDialog(null);
  const create = useCreateLegislation(close);
  const update = useUpdateLegislation(close);
  const save = (body: LegislationInput) => (dialog?.legislation ? update.mutate({ id: dialog.legislation.id, body }) : create.mutate(body));
  const refused = !isOwn && query.error instanceof ApiError && query.error.status === 404;
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (refused) body = <PrivateNotice what="Proposed legislation" />;
  else if (profile === null || !profile.isPoliticalCandidate) body = isOwn && editing ? <p className="text-sm text-slate-600">Save your profile as a Political Candidate first to propose legislation.</p> : null;
  else if (query.isPending) body = <p className="text-sm text-slate-600">Loading proposed legislation...</p>;
  else if (query.isError)
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-red-700">The proposed legislation could not be loaded.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  else if (!items.length) body = <p className="text-sm text-slate-600">{isOwn ? 'You have not proposed any legislation yet.' : 'No proposed legislation yet.'}</p>;
  else
    body = (
      <>
        <ul className="grid gap-3" aria-label="Proposed legislation">
          {items.map((l) => (
            <LegislationCard key={l.id} legislation={l} canEdit={canEdit} onEdit={() => setDialog({ legislation: l })} onDelete={() => setDeleting(l)} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} loading={query.isFetchingNextPage} onLoadMore={() => void query.fetchNextPage()} label="Load more legislation" />
      </>
    );

  return (
    <Section
      title="Proposed Legislation"
      testId="proposed-legislation"
      action={
        canPropose ? (
          <Button size="sm" onClick={() => setDialog({ legislation: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Legislation
          </Button>
        ) : null
      }
    >
      {body}
      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : close())}
        title={dialog?.legislation ? 'Edit Legislation' : 'Propose Legislation'}
        description={dialog?.legislation ? 'Change the details of your proposal.' : 'Describe a piece of legislation you propose.'}
        hideDescription
      >
        <LegislationForm legislation={dialog?.legislation ?? null} pending={create.isPending || update.isPending} onSubmit={save} onCancel={close} />
      </Dialog>
      <DeleteLegislationDialog legislation={deleting} onClose={() => setDeleting(null)} />
    </Section>
  );
}
