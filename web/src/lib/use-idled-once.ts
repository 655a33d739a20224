import { useEffect, useState } from 'react';
import { whenIdle } from './schedule';

let idledOnce = false;

/**
 * False until the browser has been idle once since the page loaded, then true for every caller:
 * for requests nobody waits for while the first screen loads (the header's counters), so they do
 * not compete with it on a slow phone.
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
