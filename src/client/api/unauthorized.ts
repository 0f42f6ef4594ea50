/**
 * Who hears about a 401 on a signed-in call. The API middleware lives outside React; the
 * session watcher inside the router registers here to clear the session and navigate.
 */
type Handler = (token: string) => void;

const handlers = new Set<Handler>();

export function onUnauthorized(handler: Handler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

export function reportUnauthorized(token: string): void {
  handlers.forEach((h) => h(token));
}
