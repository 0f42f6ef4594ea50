/**
 * Injected before the page's scripts: counts the components each React commit rendered (into
 * `window.__renders`, by name, and the commits into `window.__commits`) while the page's
 * expression `when` holds, as React DevTools counts them (through its global hook).
 */
export const renderCounter = (when: string) => `
(() => {
  const renders = (window.__renders = new Map());
  window.__commits = 0;
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  const nameOf = (f) => {
    const t = f.elementType || f.type;
    return (t && (t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t.type && (t.type.displayName || t.type.name)))) || 'anonymous';
  };
  const walk = (fiber) => {
    for (let f = fiber; f; f = f.sibling) {
      const prev = f.alternate;
      if (COMPONENT.has(f.tag) && (prev === null || (f.flags & 1) !== 0)) {
        const n = nameOf(f);
        renders.set(n, (renders.get(n) || 0) + 1);
      }
      // A child list the commit did not touch is the one before: nothing under it rendered.
      if (f.child && (!prev || f.child !== prev.child)) walk(f.child);
    }
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(r) { this.renderers.set(1, r); return 1; },
    onCommitFiberRoot(_id, root) { if (${when}) { window.__commits++; walk(root.current.child); } },
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
})();
`;
