import { useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import type { Photo } from './gallery-api';
import { keyTarget } from './order';
import { GridList } from './photo-grid-styles';
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

  const latest = useRef({ photos, editable, move, open, t });
  useLayoutEffect(() => {
    latest.current = { photos, editable, move, open, t };
  });

  const actions = useMemo<TileActions>(() => {
    const moveAndSay = (from: number, to: number) => {
      const { photos: all, move: doMove, t: tr } = latest.current;
      const photo = all[from];
      if (!photo || !doMove(from, to)) return;
      const at = Math.max(0, Math.min(all.length - 1, to));
      setFocusId(photo.id);
      setSaid(tr('gallery.moved', { title: titleOf(photo, tr), position: at + 1, count: all.length }));
    };
    const indexOf = (id: number) => latest.current.photos.findIndex((p) => p.id === id);
    return {
      open: (id) => latest.current.open(id),
      key(e: KeyboardEvent<HTMLLIElement>, id) {
        if (e.target !== e.currentTarget) return;
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          latest.current.open(id);
          return;
        }
        if (!latest.current.editable) return;
        const index = indexOf(id);
        const to = keyTarget(e.key, index, latest.current.photos.length, columnsOf(list.current));
        if (to === undefined) return;
        e.preventDefault();
        moveAndSay(index, to);
      },
      dragStart(e: DragEvent<HTMLLIElement>, id) {
        if (!latest.current.editable) return;
        dragFrom.current = id;
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(DRAG_TYPE, String(id));
      },
      dragOver(e: DragEvent<HTMLLIElement>, id) {
        if (dragFrom.current === null) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(id);
      },
      drop(e: DragEvent<HTMLLIElement>, id) {
        const from = dragFrom.current;
        if (from === null) return;
        e.preventDefault();
        dragFrom.current = null;
        setOver(null);
        moveAndSay(indexOf(from), indexOf(id));
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
        {t('gallery.empty')}
      </Typography>
    );
  }
  return (
    <>
      {editable && (
        <Typography id="gallery-keys-help" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('gallery.keys_help')}
        </Typography>
      )}
      <GridList ref={list} aria-label={t('gallery.title')} data-testid="photo-grid">
        {photos.map((p) => (
          <PhotoTile key={p.id} photo={p} editable={editable} dropTarget={over === p.id} actions={actions} />
        ))}
      </GridList>
      <Box
        aria-live="polite"
        data-testid="gallery-announce"
        sx={{
          position: 'absolute',
          width: '1px',
          height: '1px',
          margin: '-1px',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          clipPath: 'inset(50%)',
        }}
      >
        {said}
      </Box>
    </>
  );
}
