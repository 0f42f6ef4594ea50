import type { EmotionCache } from '@emotion/cache';

const escapeStyle = (css: string) => css.replace(/<\/style/gi, '<\\/style');

/**
 * The <style> tags of the styles a server render inserted, one per cache, in the form emotion's
 * client cache adopts at creation (`data-emotion="key id id …"`): the client inserts none of them
 * again, and nothing in the markup it hydrates is a style.
 */
export function pageStyles(caches: Iterable<EmotionCache>): string {
  let tags = '';
  for (const cache of caches) {
    const ids: string[] = [];
    let css = '';
    for (const [id, rules] of Object.entries(cache.inserted)) {
      if (typeof rules !== 'string') continue;
      ids.push(id);
      css += rules;
    }
    if (ids.length) tags += `<style data-emotion="${cache.key} ${ids.join(' ')}">${escapeStyle(css)}</style>`;
  }
  return tags;
}
