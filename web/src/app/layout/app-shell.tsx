import type { CurrentUser } from '@freemarket/contracts';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, Menu, Search, X } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Avatar, initialOf } from '../../components/ui/avatar';
import { Button, buttonClass } from '../../components/ui/button';
import { SkipLink } from '../../components/ui/skip-link';
import { TooltipProvider } from '../../components/ui/tooltip';
import { navigateTo, paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { useConnectionsSocket } from '../../features/connections/hooks/use-connections-socket';
import { useMessagingSocket } from '../../features/messaging/hooks/use-messaging-socket';
import { RewardsButton } from '../../features/rewards/components/rewards-button';
import { Brand } from './brand';
import { NAV_ITEMS } from './nav-items';
import { NotificationsBell } from './notifications-bell';

function MobileMenu({ user, name, open, onOpenChange }: { user: CurrentUser; name: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content className="fixed inset-0 z-[1200] flex flex-col bg-white p-4 3xl:hidden">
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">Where to go in FreeMarket</DialogPrimitive.Description>
          <div className="flex items-center justify-between">
            <Brand />
            <DialogPrimitive.Close className={buttonClass('ghost', 'icon')} aria-label="Close menu">
              <X className="h-6 w-6" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <nav aria-label="Main" className="mt-4 grid gap-1 overflow-y-auto">
            {NAV_ITEMS.map((item) => (
              <NavLink key={item.href} to={item.href} end onClick={close} className={({ isActive }) => cn('rounded-md px-3 py-3 text-lg font-medium', isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-800')}>
                {item.label}
              </NavLink>
            ))}
            {user.profile ? (
              <Link to={paths.userProfile.getHref(user.id)} onClick={close} className="rounded-md px-3 py-3 text-lg font-medium text-slate-800">
                {name}
              </Link>
            ) : null}
            <Link to={paths.profile.getHref()} onClick={close} className="rounded-md px-3 py-3 text-lg font-medium text-slate-800">
              {user.profile ? 'Edit Profile' : 'Create Profile'}
            </Link>
            <Link to={paths.rewards.getHref()} onClick={close} className="rounded-md px-3 py-3 text-lg font-medium text-slate-800">
              Rewards balance
            </Link>
            <Link to={paths.account.getHref()} onClick={close} className="rounded-md px-3 py-3 text-lg font-medium text-slate-800">
              Account &amp; data
            </Link>
            <button type="button" onClick={() => navigateTo(paths.logout.getHref())} className="rounded-md px-3 py-3 text-left text-lg font-medium text-slate-800">
              Log Out
            </button>
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export interface AppShellProps {
  user: CurrentUser;
  children: ReactNode;
  /** Present on the explore map: the small-screen search button slides the sidebar in. */
  onOpenSearch?: () => void;
  /** A second skip link after 'Skip to main content', past a long part of the screen (the explore map's list). */
  skipTo?: { targetId: string; label: string };
}

const MAIN_ID = 'main';

/** The signed-in header (spec 01 §2) around a screen, and the live updates of messages and connections. */
export function AppShell({ user, children, onOpenSearch, skipTo }: AppShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useMessagingSocket(user.id);
  useConnectionsSocket();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink targetId={MAIN_ID}>Skip to main content</SkipLink>
        {skipTo ? <SkipLink targetId={skipTo.targetId}>{skipTo.label}</SkipLink> : null}
        <header className="sticky top-0 z-[900] flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
          <Brand />
          <nav aria-label="Main" className="ml-3 hidden items-center xl:flex">
            {NAV_ITEMS.map((item) => (
              <NavLink
                key={item.href}
                to={item.href}
                end
                className={({ isActive }) =>
                  cn('rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap', item.extra && 'hidden 3xl:inline', isActive ? 'bg-blue-50 text-blue-800' : 'text-slate-700 hover:bg-slate-100')
                }
              >
                {item.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {onOpenSearch ? (
              <div className="md:hidden">
                <Button variant="ghost" size="icon" aria-label="Open search" onClick={onOpenSearch}>
                  <Search className="h-5 w-5" aria-hidden="true" />
                </Button>
              </div>
            ) : null}
            {/* Wrapped: a display utility on the button itself would fight the button's own inline-flex. */}
            {user.profile ? (
              <div className="hidden min-w-0 lg:block">
                <Link to={paths.userProfile.getHref(user.id)} className={buttonClass('ghost', 'sm', 'max-w-36 2xl:max-w-48')} data-testid="my-profile-link">
                  <span className="truncate">{name}</span>
                </Link>
              </div>
            ) : null}
            <div className="hidden sm:block">
              <Link to={paths.profile.getHref()} className={buttonClass('primary', 'sm')}>
                {user.profile ? 'Edit Profile' : 'Create Profile'}
              </Link>
            </div>
            <div className="hidden sm:block">
              <RewardsButton />
            </div>
            <NotificationsBell meId={user.id} />
            <Link to={paths.profile.getHref()} aria-label={`Your profile (${name})`} className="hidden rounded-full sm:block">
              <Avatar imageUrl={user.profileImageUrl} fallback={initialOf(user.firstName)} className="h-9 w-9" />
            </Link>
            {/* Below 3xl the row holds the spec's navigation and the menu holds the rest, Log Out included. */}
            <div className="hidden 3xl:block">
              <Link to={paths.account.getHref()} className={buttonClass('ghost', 'sm')}>
                Account &amp; data
              </Link>
            </div>
            <div className="hidden 3xl:block">
              <Button variant="ghost" size="sm" onClick={() => navigateTo(paths.logout.getHref())}>
                <LogOut className="h-4 w-4" aria-hidden="true" /> Log Out
              </Button>
            </div>
            <div className="3xl:hidden">
              <Button variant="ghost" size="icon" aria-label="Open menu" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
                <Menu className="h-6 w-6" aria-hidden="true" />
              </Button>
            </div>
          </div>
        </header>
        <MobileMenu user={user} name={name} open={menuOpen} onOpenChange={setMenuOpen} />
        {/* Focusable from script only, as the skip link's target; it shows no ring of its own. */}
        <main className="flex min-h-0 flex-1 flex-col outline-none" id={MAIN_ID} tabIndex={-1}>
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}
