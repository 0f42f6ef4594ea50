/**
 * Work asked for again while it runs is not started twice: callers of one key share the running
 * promise until it settles (the PDF cache's prints, init-facts-info's assembled answers).
 */
export function inFlight<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>();
  return async (key, make) => {
    const shared = running.get(key);
    if (shared) return shared;
    const work = make();
    running.set(key, work);
    try {
      return await work;
    } finally {
      running.delete(key);
    }
  };
}
