const RELOADED_AT = 'freemarket:reloaded-for-new-version';
/** A reload that fails again within this long is left to show its error, so a broken deploy cannot loop. */
const RELOAD_GUARD_MS = 10_000;

/**
 * After a deploy, an open page's code names chunks the server no longer has, so the next screen
 * it loads fails ('Failed to fetch dynamically imported module'). Vite announces such a failure
 * with `vite:preloadError`; the page then loads the new version once instead of breaking.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
      if (Date.now() - last < RELOAD_GUARD_MS) return;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      // No session storage (a locked-down browser): without the guard, leave the error to show.
      return;
    }
    event.preventDefault();
    window.location.reload();
  });
}
