/** Takes each of a service's instances in turn; one instance is simply always that one. */
export function roundRobin(instances: readonly string[]): () => string {
  if (instances.length === 0) throw new Error('roundRobin needs at least one instance');
  let next = 0;
  return () => {
    const instance = instances[next]!;
    next = (next + 1) % instances.length;
    return instance;
  };
}
