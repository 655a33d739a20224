import { Download, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { CurrentUser } from '@freemarket/contracts';
import { Button, buttonClass } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input } from '../../../components/ui/field';
import { navigateTo, paths } from '../../../config/paths';
import { ACCOUNT_EXPORT_HREF, useDeleteAccount } from '../api/account';

const CARD = 'rounded-lg border border-slate-200 bg-white p-5';
const CONFIRMATION = 'DELETE';

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [typed, setTyped] = useState('');
  // A full page load: the session is gone, and nothing of the member stays in the client's cache.
  const remove = useDeleteAccount({ onSuccess: () => navigateTo(paths.accountDeleted.getHref()) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (typed === CONFIRMATION) remove.mutate({ confirm: CONFIRMATION });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      title="Delete your account?"
      description="This removes your profile and everything you made on FreeMarket. It cannot be undone."
    >
      <form onSubmit={submit} className="grid gap-4">
        <Field label={`Type ${CONFIRMATION} to confirm`} htmlFor="delete-account-confirmation">
          <Input id="delete-account-confirmation" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} />
        </Field>
        {remove.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Your account could not be deleted. Please try again.
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={typed !== CONFIRMATION || remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** `/account`: the member's data is theirs: a copy of all of it, and deleting the account. */
export function AccountScreen({ user }: { user: CurrentUser }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="mx-auto grid max-w-2xl gap-6 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Your account</h1>
      <p className="text-slate-700">Signed in as {user.email}.</p>
      <section aria-labelledby="account-export-heading" className={CARD}>
        <h2 id="account-export-heading" className="text-lg font-semibold text-slate-900">
          Download my data
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          One JSON file with everything FreeMarket holds about you: your account, profile, skills, reviews, messages, connections, posts, surveys,
          events, projects, tutorials, items, payments, expenses and rewards.
        </p>
        <a href={ACCOUNT_EXPORT_HREF} download className={buttonClass('outline', 'sm', 'mt-3')}>
          <Download className="h-4 w-4" aria-hidden="true" /> Download my data
        </a>
      </section>
      <section aria-labelledby="account-delete-heading" className={`${CARD} border-red-200`}>
        <h2 id="account-delete-heading" className="text-lg font-semibold text-slate-900">
          Delete my account
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Your profile and everything you made are erased. Messages you exchanged stay with the other member, shown as from a removed member, and
          payment records are kept without your name. You are signed out.
        </p>
        <Button variant="destructive" size="sm" className="mt-3" onClick={() => setConfirming(true)}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete my account
        </Button>
      </section>
      <DeleteAccountDialog open={confirming} onOpenChange={setConfirming} />
    </div>
  );
}
