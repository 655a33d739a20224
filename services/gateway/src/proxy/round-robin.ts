/**
 * Takes each of a service's instances in turn, passing over those `isUp` says are down. When none
 * is up it still names one, the next in turn, so the caller gets the usual quick failure.
 */
export function roundRobin(instances: readonly string[], isUp: (instance: string) => boolean = () => true): () => string {
  if (instances.length === 0) throw new Error('roundRobin needs at least one instance');
  let next = 0;
  const take = () => {
    const instance = instances[next]!;
    next = (next + 1) % instances.length;
    return instance;
  };
  return () => {
    for (let tried = 0; tried < instances.length; tried++) {
      const instance = take();
      if (isUp(instance)) return instance;
    }
    return take();
  };
}
