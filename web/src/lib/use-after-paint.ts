import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has had a frame to paint what that render
 * committed. A costly subtree (a map) gated on it mounts in a commit of its own, after the page
 * around it is on screen, instead of lengthening the page's first, uninterruptible commit.
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame callback runs before that paint; the timeout after it, in a task of its own.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
