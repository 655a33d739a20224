import { useEffect, useState } from 'react';
import { whenIdle } from './schedule';

let idledOnce = false;

/**
 * False until the browser has been idle once since the page loaded, then true for every caller:
 * for work nobody waits for while the first screen loads (the header's counters, the messaging
 * socket), so it does not compete with that screen on a slow phone.
 */
export function useIdledOnce(): boolean {
  const [idle, setIdle] = useState(idledOnce);
  useEffect(() => {
    if (idle) return;
    return whenIdle(() => {
      idledOnce = true;
      setIdle(true);
    });
  }, [idle]);
  return idle;
}
