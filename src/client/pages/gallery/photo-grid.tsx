import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import type { Photo } from './gallery-api';
import { GridList } from './photo-grid-styles';
import { PhotoTile } from './photo-tile';
import { useGridMoves } from './use-grid-moves';

interface Props {
  photos: readonly Photo[];
  editable: boolean;
  move(from: number, to: number): boolean;
  open(id: number): void;
}

/** The thumbnails in sequence order; drag a tile onto another, or move a focused tile with the arrow keys. */
export function PhotoGrid({ photos, editable, move, open }: Props) {
  const { list, actions, over, said } = useGridMoves({ photos, editable, move, open });
  const t = useT();

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
