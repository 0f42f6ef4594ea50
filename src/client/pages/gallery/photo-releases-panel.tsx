import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import type { PhotoReleaseWire } from '../../../shared/generated/wire-types';
import { usePropertyReleases, useReleaseChoice } from './use-photo-releases';

/** Choose which photos one partner may use (its contract asks for the hotel's approval). */
function ReleaseDialog({
  propertyId,
  release,
  onClose,
}: {
  propertyId: number;
  release: PhotoReleaseWire;
  onClose(): void;
}) {
  const t = useT();
  const { photos, chosen, busy, toggle, save } = useReleaseChoice(propertyId, release, onClose);
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="release-title" fullWidth maxWidth="md">
      <DialogTitle id="release-title">{t('gallery.release_title', { operator: release.operator_name })}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1 }}>
          {photos.map((p) => (
            <Box key={p.id} component="label" sx={{ position: 'relative', cursor: 'pointer' }}>
              <img
                src={p.thumbnail}
                alt={p.alt ?? p.name ?? ''}
                style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', borderRadius: 4 }}
              />
              <Checkbox
                checked={chosen.has(p.id)}
                onChange={() => toggle(p.id)}
                sx={{ position: 'absolute', top: 0, left: 0, bgcolor: 'rgba(255,255,255,.8)' }}
                slotProps={{
                  input: {
                    'aria-label': t('gallery.release_photo', {
                      photo: p.name ?? t('gallery.photo_number', { sequence: p.sequence }),
                    }),
                  },
                }}
              />
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('gallery.back')}
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {t('gallery.release_button', { count: chosen.size })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Partners whose contract lets them use this property's photos only with the hotel's approval
 * (photo option E): which photos each may use. Shown only when there are such partners.
 */
export function PhotoReleasesPanel({ propertyId, editable }: { propertyId: number; editable: boolean }) {
  const releases = usePropertyReleases(propertyId);
  const t = useT();
  const [open, setOpen] = useState<PhotoReleaseWire | null>(null);
  if (!releases?.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="photo-releases">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('gallery.releases_title')}
      </Typography>
      {releases.map((r) => (
        <Box key={r.operator} sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <Typography sx={{ flex: 1 }}>
            {t('gallery.released_count', { operator: r.operator_name, count: r.photos.length })}
          </Typography>
          {editable && (
            <Button
              size="small"
              onClick={() => setOpen(r)}
              aria-label={t('gallery.choose_for', { operator: r.operator_name })}
            >
              {t('gallery.choose_photos')}
            </Button>
          )}
        </Box>
      ))}
      {open && <ReleaseDialog propertyId={propertyId} release={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}
