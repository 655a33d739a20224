import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PublicHeader } from '../../../components/layout/public-header';
import { SiteFooter } from '../../../components/layout/site-footer';
import { paths } from '../../../config/paths';

/**
 * Who reads a public page: a visitor gets the signed-out header with Get Started; a member reads it
 * inside the app's own header (the route puts it there); while that is unknown the header offers nothing.
 */
export type PublicPageReader = 'visitor' | 'member' | 'unknown';

export const PublicPageReaderContext = createContext<PublicPageReader>('visitor');

/** The frame of the public pages (about, legal, contact): open to visitors, no session needed. */
export function PublicPage({ title, intro, width = 'narrow', children }: { title: string; intro?: ReactNode; width?: 'narrow' | 'wide'; children: ReactNode }) {
  const reader = useContext(PublicPageReaderContext);
  // Inside the app's header the page is already in the app's one main landmark.
  const Body = reader === 'member' ? 'div' : 'main';
  return (
    <div className={reader === 'member' ? 'flex flex-1 flex-col bg-slate-50' : 'flex min-h-dvh flex-col bg-slate-50'}>
      {reader === 'member' ? null : <PublicHeader signIn={reader === 'visitor'} />}
      <Body className={`mx-auto w-full flex-1 px-4 py-10 ${width === 'wide' ? 'max-w-5xl' : 'max-w-3xl'}`}>
        <Link to={paths.home.getHref()} className="inline-flex items-center gap-1 text-sm text-blue-800 underline underline-offset-2">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to home
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-slate-900">{title}</h1>
        {intro ? <div className="mt-3 text-lg text-slate-700">{intro}</div> : null}
        <div className="mt-8 grid gap-8 text-slate-800">{children}</div>
      </Body>
      <SiteFooter />
    </div>
  );
}

/** A titled block of a public page. */
export function PageSection({ title, id, children }: { title: string; id?: string; children: ReactNode }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-2xl font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A small card: an icon, a title and a line or two. */
export function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-blue-50 text-blue-800">
          {icon}
        </span>
        <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      </div>
      <div className="mt-3 text-sm text-slate-700">{children}</div>
    </div>
  );
}
