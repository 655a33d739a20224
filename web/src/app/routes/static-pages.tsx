import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PublicHeader } from '../../components/layout/public-header';
import { SiteFooter } from '../../components/layout/site-footer';
import { paths } from '../../config/paths';

function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-10">
        <Link to={paths.home.getHref()} className="text-sm text-blue-800 underline">
          Back to home
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-slate-900">{title}</h1>
        <div className="mt-4 grid gap-4 text-slate-800">{children}</div>
      </main>
      <SiteFooter />
    </div>
  );
}

/** /about (spec 02 §2); the full page comes with a later issue. */
export function AboutRoute() {
  return (
    <StaticPage title="About FreeMarket">
      <h2 className="text-xl font-semibold">Our Mission</h2>
      <p>FreeMarket builds local economies and civic engagement: it helps neighbours find and support each other.</p>
      <h2 className="text-xl font-semibold">Our Vision</h2>
      <p>A directory, job fair, classroom and forum for every community, where service providers, non-profits, political candidates and members meet.</p>
    </StaticPage>
  );
}

export function TermsRoute() {
  return (
    <StaticPage title="Terms of Service">
      <p>Last Updated: October 10, 2025</p>
      <p>By using FreeMarket you agree to use it lawfully and respectfully. The full terms will be published here.</p>
    </StaticPage>
  );
}

export function PrivacyRoute() {
  return (
    <StaticPage title="Privacy Policy">
      <p>Last Updated: October 10, 2025</p>
      <p>You control who sees each section of your profile. The full policy will be published here.</p>
    </StaticPage>
  );
}

export function ContactRoute() {
  return (
    <StaticPage title="Contact Us">
      <p>Email support answers within 24-48 hours. The contact form arrives with a later issue.</p>
    </StaticPage>
  );
}
