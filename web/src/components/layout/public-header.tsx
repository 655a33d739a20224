import { Link } from 'react-router';
import { currentPage, navigateTo, paths } from '../../config/paths';
import { Button } from '../ui/button';

/**
 * The signed-out header: logo and Get Started, which starts sign-in (a full page load) and comes
 * back to the page it was pressed on. Without
 * `signIn` it is the logo only, for a page that does not know yet whether its reader is signed in.
 */
export function PublicHeader({ signIn = true }: { signIn?: boolean }) {
  return (
    <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 sm:px-8">
      <Link to={paths.home.getHref()} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-blue-700 text-xs text-white">
          FM
        </span>
        FreeMarket
      </Link>
      {signIn ? <Button onClick={() => navigateTo(paths.login.getHref(currentPage()))}>Get Started</Button> : null}
    </header>
  );
}
