import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { AppShell } from '../layout/app-shell';
import { RequireMember } from './require-member';

/** Screens of spec 02 that arrive with a later issue: a page inside the app shell, so navigation works. */
export function PlaceholderRoute({ title }: { title: string }) {
  return (
    <RequireMember what={title.toLowerCase()}>
      {(user) => (
        <AppShell user={user}>
          <div className="mx-auto grid w-full max-w-3xl gap-3 p-6">
            <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
            <p className="text-slate-700">This part of FreeMarket is coming soon.</p>
            <Link to={paths.home.getHref()} className="text-blue-800 underline">
              Back to the map
            </Link>
          </div>
        </AppShell>
      )}
    </RequireMember>
  );
}
