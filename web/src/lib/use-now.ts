import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`: relative times ('5 minutes ago') stay true on an open screen. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
