import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { DayState } from './chart-model';
import type { GridRoom, Selection } from './grid-types';

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const cellAt = (target: EventTarget | null): { r: number; c: number } | null => {
  const el = (target as HTMLElement | null)?.closest?.('[data-row]') as HTMLElement | null;
  return el ? { r: Number(el.dataset.row), c: Number(el.dataset.col) } : null;
};

interface Options {
  month: string;
  rooms: readonly GridRoom[];
  dayCount: number;
  readOnly?: boolean;
  onPaint?(s: Selection): void;
  onKeyState?(s: Selection, state: DayState): void;
}

/**
 * The grid's selected rectangle and keyboard focus, and the pointer and key handlers that move
 * them. They live in the grid (not the page), so a drag repaints the grid and not the page around it.
 */
export function useGridSelection({ month, rooms, dayCount, readOnly, onPaint, onKeyState }: Options) {
  const [selection, setSelection] = useState<Selection | null>(null);
  const [focus, setFocus] = useState({ r: 0, c: 0 });
  const drag = useRef<Selection | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  // Another month or the rooms read again (after a save): the old rectangle means nothing there.
  // An effect, as it was before this hook left the grid: the reset follows the new month's paint.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setSelection(null), [month, rooms]);
  useEffect(() => {
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-row="${focus.r}"][data-col="${focus.c}"]`);
    if (el && gridRef.current?.contains(document.activeElement) && document.activeElement !== el) el.focus();
  }, [focus]);

  const onPointerDown = useCallback(
    (e: PointerEvent) => {
      if (readOnly || e.button !== 0) return;
      const at = cellAt(e.target);
      if (!at) return;
      // No text selection while dragging; the pressed day takes the keyboard focus (arrows go on from it).
      e.preventDefault();
      (e.target as HTMLElement).releasePointerCapture?.(e.pointerId);
      ((e.target as HTMLElement).closest('[data-row]') as HTMLElement | null)?.focus({ preventScroll: true });
      drag.current = { r0: at.r, c0: at.c, r1: at.r, c1: at.c };
      setFocus(at);
      setSelection(drag.current);
    },
    [readOnly],
  );
  const onPointerOver = useCallback((e: PointerEvent) => {
    if (!drag.current) return;
    const at = cellAt(e.target);
    if (!at || (at.r === drag.current.r1 && at.c === drag.current.c1)) return;
    drag.current = { ...drag.current, r1: at.r, c1: at.c };
    setSelection(drag.current);
  }, []);
  useEffect(() => {
    const up = () => {
      if (!drag.current) return;
      const done = drag.current;
      drag.current = null;
      onPaint?.(done);
    };
    window.addEventListener('pointerup', up);
    return () => window.removeEventListener('pointerup', up);
  }, [onPaint]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (!rooms.length || e.ctrlKey || e.metaKey || e.altKey) return;
    const move = MOVES[e.key];
    if (move) {
      e.preventDefault();
      const next = {
        r: Math.min(rooms.length - 1, Math.max(0, focus.r + move[0])),
        c: Math.min(dayCount - 1, Math.max(0, focus.c + move[1])),
      };
      setFocus(next);
      if (e.shiftKey && !readOnly) {
        const base = selection ?? { r0: focus.r, c0: focus.c, r1: focus.r, c1: focus.c };
        setSelection({ ...base, r1: next.r, c1: next.c });
      } else setSelection({ r0: next.r, c0: next.c, r1: next.r, c1: next.c });
      return;
    }
    if (readOnly) return;
    const target = selection ?? { r0: focus.r, c0: focus.c, r1: focus.r, c1: focus.c };
    if (/^[1-5]$/.test(e.key)) {
      e.preventDefault();
      onKeyState?.(target, Number(e.key) - 1);
    } else if (e.key === 'Delete' || e.key === 'Backspace' || e.key === '0') {
      e.preventDefault();
      onKeyState?.(target, null);
    }
  };
  return { gridRef, selection, focus, onPointerDown, onPointerOver, onKeyDown };
}
