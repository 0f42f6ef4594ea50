import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionErrors } from '../../engine/views/section-errors';
import { useFormat, useT } from '../../i18n';
import type { Photo } from './gallery-api';
import { BulkPhotoChoice, BulkRightsFields } from './rights-bulk-fields';
import { heldBackText } from './rights-mark';
import { useRightsBulk } from './use-rights-bulk';

interface Props {
  propertyId: number;
  photos: readonly Photo[];
  licences: ReadonlyMap<string, string>;
}

/**
 * The bulk edit of rights (issue 40 §3): choose photos (some or all), say what to set (a field
 * left alone stays as each photo has it), one request, all of them or none. Beside the grid, so
 * the grid itself stays as it is.
 */
export function RightsBulk({ propertyId, photos, licences }: Props) {
  const t = useT();
  const format = useFormat();
  const held = photos.filter((p) => p.held_back !== null).length;
  const [open, setOpen] = useState(false);
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
      <Button variant="outlined" onClick={() => setOpen(true)} disabled={!photos.length} data-testid="rights-bulk-open">
        {t('gallery.bulk_rights')}
      </Button>
      {held > 0 && (
        <Typography variant="body2" color="warning.main" data-testid="held-back-count">
          {t('gallery.held_count', { count: held })}
        </Typography>
      )}
      {open && (
        <RightsBulkDialog
          propertyId={propertyId}
          photos={photos}
          licences={licences}
          onClose={() => setOpen(false)}
          heldText={(p) => heldBackText(p, t, format)}
        />
      )}
    </Stack>
  );
}

function RightsBulkDialog({
  propertyId,
  photos,
  licences,
  onClose,
  heldText,
}: Props & { onClose(): void; heldText(p: Photo): string | null }) {
  const t = useT();
  const bulk = useRightsBulk(propertyId, photos, onClose);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="rights-bulk-title">
      <DialogTitle id="rights-bulk-title">{t('gallery.bulk_title')}</DialogTitle>
      <DialogContent data-testid="rights-bulk">
        <BulkPhotoChoice photos={photos} bulk={bulk} heldText={heldText} />
        <SectionErrors messages={bulk.errors.top} testId="rights-bulk-errors" />
        <BulkRightsFields bulk={bulk} licences={licences} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('gallery.cancel')}</Button>
        <Button variant="contained" onClick={() => void bulk.apply()} disabled={!bulk.ready || bulk.saving}>
          {t('gallery.bulk_apply', { count: bulk.selected.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
