/** Runs `fn` in a new task, without the 4 ms clamp of nested timers. Returns a cancel function. */
export function inNextTask(fn: () => void): () => void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    fn();
  };
  channel.port2.postMessage(null);
  return () => channel.port1.close();
}

/** Resolves in a new task: what follows runs after the browser has had a chance to paint and handle input. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => inNextTask(resolve));
}

/**
 * Loads `first`, then `rest` in a later task. A dynamic import evaluates its whole module graph in
 * one task; a large graph split so becomes two shorter tasks (each blocks input for less on a phone).
 */
export async function importInTurn<T>(first: () => Promise<unknown>, rest: () => Promise<T>): Promise<T> {
  await first();
  await nextTask();
  return rest();
}

/**
 * Runs `fn` once the browser is idle (at the latest after `timeoutMs`), for work nobody waits for
 * while a screen loads. Returns a cancel function.
 */
export function whenIdle(fn: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => fn(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  // Safari has no idle callbacks: the latest time stands for idle.
  const timer = window.setTimeout(fn, timeoutMs);
  return () => clearTimeout(timer);
}
