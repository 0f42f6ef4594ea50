import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useT } from '../../i18n';
import type { Photo } from './gallery-api';
import { titleOf } from './photo-tile';

interface PreviewProps {
  photo: Photo;
  onClose(): void;
  /** Browse to the previous or next photo (undefined at the ends). */
  onPrevious?: () => void;
  onNext?: () => void;
}

/** The photo at display size (at most 1600 px); left and right browse the gallery. */
export function PhotoPreview({ photo, onClose, onPrevious, onNext }: PreviewProps) {
  const t = useT();
  const title = titleOf(photo, t);
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="photo-preview-title"
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') onPrevious?.();
        if (e.key === 'ArrowRight') onNext?.();
      }}
    >
      <DialogTitle id="photo-preview-title">{title}</DialogTitle>
      <DialogContent sx={{ textAlign: 'center' }}>
        <Box
          component="img"
          src={photo.display}
          alt={photo.alt ?? title}
          data-testid="photo-preview-image"
          sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain', display: 'block', mx: 'auto' }}
        />
        {photo.description && <DialogContentText sx={{ mt: 1 }}>{photo.description}</DialogContentText>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onPrevious} disabled={!onPrevious}>
          {t('gallery.previous')}
        </Button>
        <Button onClick={onNext} disabled={!onNext}>
          {t('gallery.next')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button href={photo.image} target="_blank" rel="noopener">
          {t('gallery.original')}
        </Button>
        <Button onClick={onClose} variant="contained">
          {t('gallery.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Deleting asks first: the photo and its files are gone for good. */
export function DeletePhotoDialog({
  photo,
  onCancel,
  onConfirm,
}: {
  photo: Photo;
  onCancel(): void;
  onConfirm(): void;
}) {
  const t = useT();
  const title = titleOf(photo, t);
  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="delete-photo-title">
      <DialogTitle id="delete-photo-title">{t('gallery.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(photo.featured ? 'gallery.delete_text_featured' : 'gallery.delete_text', { title })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {t('gallery.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm}>
          {t('gallery.delete_photo')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
