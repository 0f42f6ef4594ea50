import { useMemo, type ReactNode } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { Direction } from '../../shared/i18n/languages';
import { rtlPlugin } from '../i18n/catalogues';

/**
 * Right-to-left styles: MUI writes left/right, margins and paddings for left to right; in a
 * right-to-left language emotion's cache flips them with the RTL stylis plugin (loaded with that
 * language's catalogue, so it is there before the language shows). The key differs by direction
 * so a switch remounts the styles instead of mixing both.
 */
export function DirectionCache({ dir, children }: { dir: Direction; children: ReactNode }) {
  const plugin = dir === 'rtl' ? rtlPlugin() : undefined;
  const cache = useMemo(
    () => (plugin ? createCache({ key: 'muirtl', stylisPlugins: [plugin] }) : createCache({ key: 'css' })),
    [plugin],
  );
  return (
    <CacheProvider value={cache} key={cache.key}>
      {children}
    </CacheProvider>
  );
}
