import { paths } from '../../config/paths';

/** Spec 01 §2: the header navigation, in order. */
export const NAV_ITEMS = [
  { label: 'Explore Map', href: paths.home.getHref() },
  { label: 'Feed', href: paths.feed.getHref() },
  { label: 'My Network', href: paths.connections.getHref() },
  { label: 'Messages', href: paths.messages.getHref() },
  { label: 'Events', href: paths.events.getHref() },
  { label: 'Learn', href: paths.learn.getHref() },
  { label: 'Projects', href: paths.projects.getHref() },
  { label: 'Rewards', href: paths.rewards.getHref() },
  { label: 'About', href: paths.about.getHref() },
] as const;
