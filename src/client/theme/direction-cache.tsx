import { useMemo, type ReactNode } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Direction } from '../../shared/i18n/languages';
import { rtlPlugin } from '../i18n/catalogues';
import { inBrowser } from '../platform/where';

/**
 * On the server, the caches the render being done has filled: src/client/ssr/ writes their styles
 * into the page's head (and empties this). In compat mode emotion keeps a server render's styles
 * in the cache instead of writing a <style> before each element, so the markup the client
 * hydrates holds only the app's own elements; the client's cache (same key) adopts the head's
 * tags at creation and inserts none of those styles again.
 */
export const serverRenderCaches = new Set<EmotionCache>();

function directionCache(plugin: ReturnType<typeof rtlPlugin>): EmotionCache {
  const cache = plugin ? createCache({ key: 'muirtl', stylisPlugins: [plugin] }) : createCache({ key: 'css' });
  if (!inBrowser) {
    cache.compat = true;
    serverRenderCaches.add(cache);
  }
  return cache;
}

/**
 * Right-to-left styles: MUI writes left/right, margins and paddings for left to right; in a
 * right-to-left language emotion's cache flips them with the RTL stylis plugin (loaded with that
 * language's catalogue, so it is there before the language shows). The key differs by direction
 * so a switch remounts the styles instead of mixing both.
 */
export function DirectionCache({ dir, children }: { dir: Direction; children: ReactNode }) {
  const plugin = dir === 'rtl' ? rtlPlugin() : undefined;
  const cache = useMemo(() => directionCache(plugin), [plugin]);
  return (
    <CacheProvider value={cache} key={cache.key}>
      {children}
    </CacheProvider>
  );
}
