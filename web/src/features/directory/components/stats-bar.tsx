import type { Profile } from '../api/types';

/** Spec 01 §2: counts of the current list. */
export function StatsBar({ profiles }: { profiles: Profile[] }) {
  const providers = profiles.filter((p) => p.isServiceProvider).length;
  const nonProfits = profiles.filter((p) => p.isNonProfit).length;
  const candidates = profiles.filter((p) => p.isPoliticalCandidate).length;
  const stats = [
    ['Service Providers', providers, 'bg-blue-700'],
    ['Non-Profits', nonProfits, 'bg-teal-700'],
    ['Candidates', candidates, 'bg-orange-700'],
    ['Total Profiles', profiles.length, 'bg-slate-700'],
  ] as const;
  return (
    <section aria-label="Profile statistics" className="absolute right-3 bottom-6 left-3 z-[500] mx-auto flex max-w-xl flex-wrap justify-around gap-2 rounded-lg bg-white/95 px-3 py-2 text-xs shadow-md sm:text-sm">
      {stats.map(([label, count, dot]) => (
        <p key={label} className="flex items-center gap-1.5 text-slate-800">
          <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${dot}`} />
          <strong data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>{count}</strong> {label}
        </p>
      ))}
    </section>
  );
}
