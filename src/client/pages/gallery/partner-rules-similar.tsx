import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import type { Photo } from './gallery-api';

function Thumb({ photo, label, onOpen }: { photo: Photo; label: string; onOpen(id: number): void }) {
  const t = useT();
  return (
    <ButtonBase
      onClick={() => onOpen(photo.id)}
      aria-label={t('photo-rules.open_photo', { photo: label })}
      sx={{ borderRadius: 1, overflow: 'hidden', flex: 'none' }}
    >
      <img src={photo.thumbnail} alt="" width={64} height={48} style={{ objectFit: 'cover', display: 'block' }} />
    </ButtonBase>
  );
}

/**
 * Photos flagged at upload as looking like one already in the gallery (the same picture
 * re-encoded or resized: photos/similar.ts on the server): each with the other photo beside it,
 * both opening in the gallery's panel. Nothing shows when no photo is flagged, or when the other
 * one is gone.
 */
export function SimilarPhotos({ photos, onOpen }: { photos: readonly Photo[]; onOpen(id: number): void }) {
  const t = useT();
  const byId = new Map(photos.map((p) => [p.id, p]));
  const pairs = photos.flatMap((p) => {
    const other = p.similar_to === null ? undefined : byId.get(p.similar_to);
    return other ? [{ photo: p, other }] : [];
  });
  if (!pairs.length) return null;
  const title = (p: Photo) => `“${p.name ?? t('gallery.photo_fallback', { id: p.id })}”`;
  return (
    <Box component="section" aria-labelledby="similar-photos-title" data-testid="similar-photos" sx={{ mt: 3 }}>
      <Typography id="similar-photos-title" variant="h6" component="h2">
        {t('photo-rules.similar_title')}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0 }}>
        {pairs.map(({ photo, other }) => (
          <Box
            component="li"
            key={photo.id}
            data-testid="similar-photo"
            sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center', py: 0.5 }}
          >
            <Thumb photo={photo} label={title(photo)} onOpen={onOpen} />
            <Thumb photo={other} label={title(other)} onOpen={onOpen} />
            <Typography variant="body2">
              {t('photo-rules.similar_to', { photo: title(photo), other: title(other) })}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
