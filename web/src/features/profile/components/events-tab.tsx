import type { ProfileSectionProps } from './section';

/** Built by its own part of the profile page issue. */
export function EventsTab(_props: ProfileSectionProps) {
  return null;
}
