import { BookOpen, Briefcase, Cpu, GraduationCap, HandHelping, Landmark, MapPin, Palette, Sprout, Stethoscope, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { PublicHeader } from '../../../components/layout/public-header';
import { SiteFooter } from '../../../components/layout/site-footer';
import { Button, buttonClass } from '../../../components/ui/button';
import { navigateTo, paths } from '../../../config/paths';

/** Spec 01 §1: fixed display values, not computed. */
const STATS = [
  { value: '1,200+', label: 'Service Providers' },
  { value: '50+', label: 'Skill Categories' },
  { value: '8,900+', label: 'Connections Made' },
  { value: '4.9', label: 'Average Rating' },
];

const CATEGORIES = [
  { name: 'Trades', count: 156, Icon: Wrench },
  { name: 'Medical', count: 89, Icon: Stethoscope },
  { name: 'Education', count: 124, Icon: GraduationCap },
  { name: 'Creative', count: 98, Icon: Palette },
  { name: 'Agriculture', count: 67, Icon: Sprout },
  { name: 'Technology', count: 145, Icon: Cpu },
  { name: 'Non-Profit', count: 43, Icon: HandHelping },
  { name: 'Political', count: 12, Icon: Landmark },
];

const FEATURES = [
  { title: 'Interactive Map', text: 'Find providers, non-profits and community resources near you on an interactive map.', Icon: MapPin },
  { title: 'Real Opportunities', text: 'Volunteer, employment and mentoring opportunities, found without resumes or AI screening.', Icon: Briefcase },
  { title: 'Learn Skills', text: 'DIY training content and trades taught by experienced local professionals.', Icon: BookOpen },
];

const login = () => navigateTo(paths.login.getHref());

/** The signed-out landing page (spec 01 §1, §2). */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <PublicHeader />
      <main className="flex-1">
        {/* Where a member lands after deleting their account (the account page sends them here). */}
        {new URLSearchParams(window.location.search).get('account') === 'deleted' ? (
          <p role="status" className="mx-auto mt-6 max-w-2xl rounded-md border border-green-200 bg-green-50 px-4 py-3 text-center text-green-900">
            Your account has been deleted and you are signed out.
          </p>
        ) : null}
        <section className="mx-auto max-w-4xl px-4 py-14 text-center sm:py-20">
          <h1 className="text-3xl leading-tight font-bold text-slate-900 sm:text-5xl">Know your neighbors and support your community</h1>
          <p className="mt-4 text-lg text-slate-700">
            Find non-profits, skilled labor, artists, providers, farmers, political candidates and community members near you. A directory, job fair,
            classroom and forum, built to grow local economies and civic engagement.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Button onClick={login}>Start Exploring</Button>
            <Link to={paths.about.getHref()} className={buttonClass('outline')}>
              Learn More
            </Link>
          </div>
        </section>
        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-8">
          <h2 id="features-heading" className="text-center text-2xl font-bold text-slate-900">
            Everything your community needs
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {FEATURES.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-xl border border-slate-200 bg-white p-5">
                <Icon className="h-7 w-7 text-blue-700" aria-hidden="true" />
                <h3 className="mt-2 font-semibold text-slate-900">{title}</h3>
                <p className="text-slate-700">{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="FreeMarket in numbers" className="bg-blue-900 px-4 py-8 text-white">
          <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-4 text-center sm:grid-cols-4">
            {STATS.map((s) => (
              <div key={s.label}>
                <dt className="text-sm text-blue-100">{s.label}</dt>
                <dd className="text-3xl font-bold">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="categories-heading" className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="categories-heading" className="text-center text-2xl font-bold text-slate-900">
            Browse by category
          </h2>
          <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {CATEGORIES.map(({ name, count, Icon }) => (
              <li key={name} className="rounded-xl border border-slate-200 bg-white p-4 text-center">
                <Icon className="mx-auto h-6 w-6 text-blue-700" aria-hidden="true" />
                <h3 className="mt-1 font-semibold text-slate-900">{name}</h3>
                <p className="text-sm text-slate-700">{count} providers</p>
              </li>
            ))}
          </ul>
        </section>
        <section className="px-4 py-12 text-center">
          <h2 className="text-2xl font-bold text-slate-900">Join today</h2>
          <p className="mt-2 text-slate-700">Connect with your neighbours and grow your local economy.</p>
          <Button className="mt-4" onClick={login}>
            Get Started
          </Button>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
