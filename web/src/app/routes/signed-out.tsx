import { PublicHeader } from '../../components/layout/public-header';
import { SiteFooter } from '../../components/layout/site-footer';
import { Button } from '../../components/ui/button';
import { currentPage, navigateTo, paths } from '../../config/paths';

/** A screen's own words for a visitor, where the spec gives them (the projects' 'Sign In Required'). */
export interface SignedOutText {
  title: string;
  message?: string;
}

/** A signed-in screen seen by a visitor: the spec's 'Please log in to view …' and a Log In button. */
export function SignedOutNotice({ what, text }: { what: string; text?: SignedOutText }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader />
      <main className="grid flex-1 place-items-center p-6">
        <div className="max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center">
          {text ? (
            <>
              <h1 className="text-lg font-semibold text-slate-900">{text.title}</h1>
              {text.message ? <p className="mt-2 text-slate-700">{text.message}</p> : null}
            </>
          ) : (
            <h1 className="text-lg font-semibold text-slate-900">Please log in to view your {what}.</h1>
          )}
          <Button className="mt-4" onClick={() => navigateTo(paths.login.getHref(currentPage()))}>
            Log In
          </Button>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
