import { useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type RefObject } from 'react';
import { useT, type Translate } from '../../i18n';
import type { Photo } from './gallery-api';
import { keyTarget } from './order';
import { titleOf, type TileActions } from './photo-tile';

const DRAG_TYPE = 'application/x-ananas-photo';

interface GridProps {
  photos: readonly Photo[];
  editable: boolean;
  move(from: number, to: number): boolean;
  open(id: number): void;
}

type Latest = GridProps & { t: Translate };

interface Moves {
  /** The photo id being dragged. */
  dragFromRef: { current: number | null };
  listRef: RefObject<HTMLOListElement | null>;
  setOver(id: number | null): void;
  setFocusId(id: number): void;
  setSaid(text: string): void;
}

function columnsOf(list: HTMLElement | null): number {
  if (!list) return 1;
  return getComputedStyle(list).gridTemplateColumns.split(' ').filter(Boolean).length || 1;
}

/** The tiles' handlers, made once: they read the latest props, so no tile re-renders when the list changes. */
function useTileActions(latestRef: { current: Latest }, moves: Moves): TileActions {
  const { dragFromRef, listRef, setOver, setFocusId, setSaid } = moves;
  return useMemo(() => {
    const moveAndSay = (from: number, to: number) => {
      const { photos: all, move: doMove, t: tr } = latestRef.current;
      const photo = all[from];
      if (!photo || !doMove(from, to)) return;
      const at = Math.max(0, Math.min(all.length - 1, to));
      setFocusId(photo.id);
      setSaid(tr('gallery.moved', { title: titleOf(photo, tr), position: at + 1, count: all.length }));
    };
    const indexOf = (id: number) => latestRef.current.photos.findIndex((p) => p.id === id);
    return {
      open: (id) => latestRef.current.open(id),
      key(e: KeyboardEvent<HTMLLIElement>, id) {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          latestRef.current.open(id);
          return;
        }
        if (!latestRef.current.editable) return;
        const index = indexOf(id);
        const to = keyTarget(e.key, index, latestRef.current.photos.length, columnsOf(listRef.current));
        if (to === undefined) return;
        e.preventDefault();
        moveAndSay(index, to);
      },
      dragStart(e: DragEvent<HTMLLIElement>, id) {
        if (!latestRef.current.editable) return;
        dragFromRef.current = id;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(DRAG_TYPE, String(id));
      },
      dragOver(e: DragEvent<HTMLLIElement>, id) {
        if (dragFromRef.current === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(id);
      },
      drop(e: DragEvent<HTMLLIElement>, id) {
        const from = dragFromRef.current;
        if (from === null) return;
        e.preventDefault();
        dragFromRef.current = null;
        setOver(null);
        moveAndSay(indexOf(from), indexOf(id));
      },
      dragEnd() {
        dragFromRef.current = null;
        setOver(null);
      },
    };
  }, [latestRef, dragFromRef, listRef, setOver, setFocusId, setSaid]);
}

/**
 * Moving tiles in the grid by drag or arrow keys: the handlers, the tile a drag is over, the
 * sentence said to screen readers after a move, and the focus kept on the moved tile.
 */
export function useGridMoves({ photos, editable, move, open }: GridProps) {
  const list = useRef<HTMLOListElement>(null);
  /** The photo id being dragged. */
  const dragFrom = useRef<number | null>(null);
  /** The photo id a dragged tile is over. */
  const [over, setOver] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const t = useT();

  // A moved tile keeps the focus: the browser drops it to the body when the node moves in the
  // list; focus that went anywhere else on purpose stays there.
  useLayoutEffect(() => {
    if (focusId === null) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    list.current?.querySelector<HTMLElement>(`[data-photo-id="${focusId}"]`)?.focus();
  }, [focusId, photos]);

  const latest = useRef<Latest>({ photos, editable, move, open, t });
  useLayoutEffect(() => {
    latest.current = { photos, editable, move, open, t };
  });

  const actions = useTileActions(latest, { dragFromRef: dragFrom, listRef: list, setOver, setFocusId, setSaid });
  return { list, actions, over, said };
}
