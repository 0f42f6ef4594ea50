/**
 * Whether the app is hydrating a page the server rendered (src/client/ssr/): from main.tsx's
 * hydrateRoot until the route's page has hydrated (app/hydration-end.tsx). What differs meanwhile:
 * a chunk already in renders at once (components/lazy-page.ts), and text typed into the server's
 * page is replayed to the app at the end (early-input.ts).
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  hydrating = false;
}

export function hydratesServerPage(): boolean {
  return hydrating;
}
