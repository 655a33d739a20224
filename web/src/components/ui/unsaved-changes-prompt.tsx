import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The link a click would leave the page by, when it is one the page should ask about: a plain
 * left click on a link to another address that opens in this tab.
 */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download') || (link.target && link.target !== '_self')) return null;
  const to = new URL(link.href, window.location.href);
  const here = window.location;
  return to.origin === here.origin && to.pathname === here.pathname && to.search === here.search ? null : link;
}

/**
 * While `when` holds (a form has changes not yet saved), asks before they are thrown away. A click
 * on a link (Back to Map, the header's) waits for the member's answer in a ConfirmDialog and, once
 * they choose to discard, goes on as it would have; a reload, a closed tab or a link to another
 * site gets the browser's own 'Leave site?' question, the only one a page may ask there.
 *
 * @NOTE The router is a declarative BrowserRouter: useBlocker needs a data router, whose code adds
 * about 18 KB gzip to every screen (past the map's and the checkout's budgets), so the page's links
 * are held here instead; the browser's Back button within the site is not held.
 */
export function UnsavedChangesPrompt({ when, description }: { when: boolean; description: string }) {
  const navigate = useNavigate();
  const [held, setHeld] = useState<HTMLAnchorElement | null>(null);
  // Set once the member chose to discard: the replayed click and the unload it may start pass.
  const discarding = useRef(false);
  useEffect(() => {
    if (!when) return;
    discarding.current = false;
    const hold = (event: MouseEvent) => {
      const link = discarding.current ? null : leavingLink(event);
      if (!link) return;
      // Caught on the way down, before the router's own click handler on the link.
      event.preventDefault();
      event.stopPropagation();
      setHeld(link);
    };
    const ask = (event: BeforeUnloadEvent) => {
      if (discarding.current) return;
      event.preventDefault();
      // Browsers that predate preventDefault here ask when returnValue is set.
      event.returnValue = true;
    };
    document.addEventListener('click', hold, true);
    window.addEventListener('beforeunload', ask);
    return () => {
      document.removeEventListener('click', hold, true);
      window.removeEventListener('beforeunload', ask);
    };
  }, [when]);

  const discard = () => {
    const link = held;
    setHeld(null);
    if (!link) return;
    discarding.current = true;
    // The member's own click, replayed: a router link navigates in the page, any other loads.
    if (link.isConnected) link.click();
    else {
      const to = new URL(link.href, window.location.href);
      void navigate(`${to.pathname}${to.search}${to.hash}`);
    }
  };
  return (
    <ConfirmDialog
      open={held !== null}
      title="Discard unsaved changes?"
      description={description}
      confirmLabel="Discard changes"
      pending={false}
      onConfirm={discard}
      onCancel={() => setHeld(null)}
    />
  );
}
