import { useEffect } from 'react';

/** Ctrl+S (Cmd+S on a Mac) runs `save`, as in any editor, instead of saving the web page. */
export function useSaveShortcut(enabled: boolean, save: () => void): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 's') {
        e.preventDefault();
        save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled, save]);
}
