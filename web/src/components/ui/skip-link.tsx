import type { ReactNode } from 'react';

/**
 * A link hidden until the keyboard reaches it, which moves the focus to the element `targetId`
 * (the page's main content, the map) so a keyboard user skips what comes before it.
 */
export function SkipLink({ targetId, children }: { targetId: string; children: ReactNode }) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[1300] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-blue-800 focus:shadow-lg focus:outline-3 focus:outline-blue-600"
      onClick={(e) => {
        // Focused from here rather than by the fragment: the address and the history stay as they are.
        e.preventDefault();
        const target = document.getElementById(targetId);
        if (!target) return;
        if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
        target.focus();
      }}
    >
      {children}
    </a>
  );
}
