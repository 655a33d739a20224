import type { CurrentUser, Profile } from '@freemarket/contracts';
import type { ReactNode } from 'react';
import type { ProfileSlots } from './profile-slots';

/** What every section of the profile page is given. */
export interface ProfileSectionProps {
  /** Whose profile the page shows. */
  userId: string;
  /** Their profile as the viewer may see it, or null when they have none yet. */
  profile: Profile | null;
  viewer: CurrentUser;
  /** The page shows the viewer's own profile. */
  isOwn: boolean;
  /** Edit mode: only ever true on one's own profile. */
  editing: boolean;
  /** What the page shows from other features. */
  slots: ProfileSlots;
}

/** A titled card of the profile page; `action` sits beside the title (a privacy switch, an Add button). */
export function Section({ title, action, children, testId }: { title: string; action?: ReactNode; children: ReactNode; testId?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** What another member sees in place of a section its owner keeps private. */
export function PrivateNotice({ what }: { what: string }) {
  return <p className="text-sm text-slate-600">{what} are private.</p>;
}
