import { Link } from 'react-router';
import { paths } from '../../config/paths';

const FOOTER_LINKS = [
  [paths.about.getHref(), 'About Us'],
  [paths.feed.getHref(), 'Community Feed'],
  [paths.events.getHref(), 'Events'],
  [paths.projects.getHref(), 'Projects'],
  [paths.learn.getHref(), 'Learning Center'],
  [paths.rewards.getHref(), 'Rewards Program'],
  [paths.contact.getHref(), 'Contact Us'],
  [paths.terms.getHref(), 'Terms of Service'],
  [paths.privacy.getHref(), 'Privacy Policy'],
] as const;

/** The shared footer (spec 01 §2). */
export function SiteFooter() {
  return (
    <footer className="bg-slate-900 px-4 py-8 text-center text-slate-300">
      <p className="font-semibold text-white">FreeMarket</p>
      <p className="mt-1 text-sm">FreeMarket builds stronger communities through local connections and collaboration.</p>
      <nav aria-label="Footer" className="mt-4">
        <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
          {FOOTER_LINKS.map(([href, label]) => (
            <li key={href}>
              <Link to={href} className="text-slate-200 underline-offset-2 hover:underline">
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-4 text-xs">© 2025 FreeMarket. All rights reserved.</p>
    </footer>
  );
}
