import { useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Photo } from './gallery-api';
import { keyTarget } from './order';
import { PhotoTile, titleOf, type TileActions } from './photo-tile';

const DRAG_TYPE = 'application/x-ananas-photo';

interface Props {
  photos: readonly Photo[];
  editable: boolean;
  move(from: number, to: number): boolean;
  open(id: number): void;
}

function columnsOf(list: HTMLElement | null): number {
  if (!list) return 1;
  return getComputedStyle(list).gridTemplateColumns.split(' ').filter(Boolean).length || 1;
}

/** The thumbnails in sequence order; drag a tile onto another, or move a focused tile with the arrow keys. */
export function PhotoGrid({ photos, editable, move, open }: Props) {
  const list = useRef<HTMLOListElement>(null);
  const dragFrom = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);

  // A moved tile keeps the focus (the browser drops it when the node moves in the list).
  useLayoutEffect(() => {
    if (focusId === null) return;
    const el = list.current?.querySelector<HTMLElement>(`[data-photo-id="${focusId}"]`);
    if (el && document.activeElement !== el) el.focus();
  }, [focusId, photos]);

  const latest = useRef({ photos, editable, move, open });
  useLayoutEffect(() => {
    latest.current = { photos, editable, move, open };
  });

  const actions = useMemo<TileActions>(() => {
    const moveAndSay = (from: number, to: number) => {
      const { photos: all, move: doMove } = latest.current;
      const photo = all[from];
      if (!photo || !doMove(from, to)) return;
      const at = Math.max(0, Math.min(all.length - 1, to));
      setFocusId(photo.id);
      setSaid(`${titleOf(photo)} moved to position ${at + 1} of ${all.length}.`);
    };
    return {
      open: (id) => latest.current.open(id),
      key(e: KeyboardEvent<HTMLLIElement>, index) {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          latest.current.open(latest.current.photos[index]!.id);
          return;
        }
        if (!latest.current.editable) return;
        const to = keyTarget(e.key, index, latest.current.photos.length, columnsOf(list.current));
        if (to === undefined) return;
        e.preventDefault();
        moveAndSay(index, to);
      },
      dragStart(e: DragEvent<HTMLLIElement>, index) {
        if (!latest.current.editable) return;
        dragFrom.current = index;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(DRAG_TYPE, String(latest.current.photos[index]?.id ?? ''));
      },
      dragOver(e: DragEvent<HTMLLIElement>, index) {
        if (dragFrom.current === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(index);
      },
      drop(e: DragEvent<HTMLLIElement>, index) {
        const from = dragFrom.current;
        if (from === null) return;
        e.preventDefault();
        dragFrom.current = null;
        setOver(null);
        moveAndSay(from, index);
      },
      dragEnd() {
        dragFrom.current = null;
        setOver(null);
      },
    };
  }, []);

  if (!photos.length) {
    return (
      <Typography color="text.secondary" data-testid="gallery-empty" sx={{ py: 4, textAlign: 'center' }}>
        No photos yet.
      </Typography>
    );
  }
  return (
    <>
      {editable && (
        <Typography id="gallery-keys-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Drag a photo to move it, or focus it and use the arrow keys (Home and End for first and last). Click or press Enter to edit it.
        </Typography>
      )}
      <Box
        component="ol"
        ref={list}
        aria-label="Photos"
        data-testid="photo-grid"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1.5, m: 0, p: 0 }}
      >
        {photos.map((p, i) => (
          <PhotoTile key={p.id} photo={p} index={i} count={photos.length} editable={editable} dropTarget={over === i} actions={actions} />
        ))}
      </Box>
      <Box aria-live="polite" data-testid="gallery-announce" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
        {said}
      </Box>
    </>
  );
}
