import { lazyComponent } from '../../components/lazy-page';

/**
 * The parts of the shell only a signed-in user sees load in their own chunk, so the sign-in
 * page's first load carries none of them (DESIGN: at most 250 KB gzip of JavaScript).
 */
const load = () => import('./signed-in-shell');

/**
 * Asked for as a signed-in navigation starts, beside the page's chunk: found only when the shell
 * first rendered, it was asked for some 170 ms after the page's chunk on a cold load of the
 * portfolio (a round trip more on a real network).
 */
export const LazySideMenu = lazyComponent('signed-in-shell', () => load().then((m) => m.SideMenu));
export const LazyNotificationBell = lazyComponent('signed-in-shell', () => load().then((m) => m.NotificationBell));
export const LazyUserMenu = lazyComponent('signed-in-shell', () => load().then((m) => m.UserMenu));
export const LazyAnnouncementBanner = lazyComponent('signed-in-shell', () => load().then((m) => m.AnnouncementBanner));
export const LazyAppearanceSync = lazyComponent('signed-in-shell', () => load().then((m) => m.AppearanceSync));

/** Each part's own load (one request for the chunk): settles when all are in, or failed. */
export function preloadSignedInShell(): Promise<void> {
  const parts = [LazySideMenu, LazyNotificationBell, LazyUserMenu, LazyAnnouncementBanner, LazyAppearanceSync];
  return Promise.all(parts.map((part) => part.preload())).then(() => undefined);
}
