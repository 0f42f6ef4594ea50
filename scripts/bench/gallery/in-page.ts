/**
 * Injected before the gallery page loads. `__gallery.gridPainted`: ms from navigation start to
 * the first paint showing every tile; `__gallery.visibleLoaded`: to every thumbnail in the
 * first screen decoded; `__gallery.keys`: each keydown timed to the paint after it.
 */
export const galleryInPage = (expected: number): string => `
(() => {
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve(performance.now());
    ch.port2.postMessage(0);
  }));
  const g = (window.__gallery = { keys: [], expected: ${expected} });
  const imgs = () => [...document.querySelectorAll('[data-testid="photo-tile"] img')];
  const inView = (el) => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
  const check = () => {
    if (g.gridPainted === undefined && g.gridSeen === undefined && imgs().length >= g.expected && g.expected > 0) {
      g.gridSeen = performance.now();
      afterPaint().then((t) => (g.gridPainted = t));
    }
    if (g.gridSeen !== undefined && g.visibleLoaded === undefined) {
      const visible = imgs().filter(inView);
      if (visible.length && visible.every((i) => i.complete && i.naturalWidth > 0)) g.visibleLoaded = performance.now();
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  document.addEventListener('load', check, true);
  document.addEventListener('keydown', (e) => {
    const t0 = e.timeStamp;
    afterPaint().then((t1) => g.keys.push(t1 - t0));
  }, true);
})();
`;

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
