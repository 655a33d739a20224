import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Spec 01 §2: the not-found page. */
export function NotFoundRoute() {
  return (
    <main className="grid min-h-dvh place-items-center p-6">
      <div className="max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center">
        <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-2 text-sm text-slate-600">Did you forget to add the page to the router? Screens are listed in web/src/app/router.tsx.</p>
        <Link to={paths.home.getHref()} className="mt-4 inline-block text-blue-800 underline">
          Go home
        </Link>
      </div>
    </main>
  );
}
