/**
 * Whether this page load began with a page the server rendered (src/client/ssr/), which the app
 * hydrates rather than renders: main.tsx says so before it hydrates.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

export function hydratesServerPage(): boolean {
  return hydrating;
}
