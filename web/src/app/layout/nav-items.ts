import { paths } from '../../config/paths';

/**
 * Spec 02 §2, shared header: the navigation in its order, then the client's own extra items. The
 * extras join the header's row only on the widest screens; below that they are in the menu.
 */
export const NAV_ITEMS: ReadonlyArray<{ label: string; href: string; extra?: true }> = [
  { label: 'Explore Map', href: paths.home.getHref() },
  { label: 'Feed', href: paths.feed.getHref() },
  { label: 'Surveys', href: paths.surveys.getHref() },
  { label: 'My Network', href: paths.connections.getHref() },
  { label: 'Messages', href: paths.messages.getHref() },
  { label: 'Events', href: paths.events.getHref() },
  { label: 'Learn', href: paths.learn.getHref() },
  { label: 'Projects', href: paths.projects.getHref() },
  { label: 'Rewards', href: paths.rewards.getHref(), extra: true },
  { label: 'Transactions', href: paths.transactions.getHref(), extra: true },
  { label: 'About', href: paths.about.getHref(), extra: true },
];
