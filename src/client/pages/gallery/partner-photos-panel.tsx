import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { usePartnerPhotos, type PartnerDecision, type PartnerPhoto } from './use-partner-photos';

/** Approve and reject, for a photo that waits for the hotel. */
function DecisionButtons({ photo: p, decide }: { photo: PartnerPhoto; decide(decision: PartnerDecision): void }) {
  const t = useT();
  return (
    <Box>
      <Button
        size="small"
        color="success"
        onClick={() => decide('approve')}
        aria-label={t('gallery.approve_label', {
          photo: p.name ?? t('gallery.a_photo'),
          operator: p.operator_name,
        })}
      >
        {t('gallery.approve')}
      </Button>
      <Button
        size="small"
        color="error"
        onClick={() => decide('reject')}
        aria-label={t('gallery.reject_label', {
          photo: p.name ?? t('gallery.a_photo'),
          operator: p.operator_name,
        })}
      >
        {t('gallery.reject')}
      </Button>
    </Box>
  );
}

function PartnerPhotoCard({
  photo: p,
  editable,
  decide,
}: {
  photo: PartnerPhoto;
  editable: boolean;
  decide(decision: PartnerDecision): void;
}) {
  const t = useT();
  return (
    <Box data-partner-photo={p.name ?? p.id}>
      <img
        src={p.thumbnail}
        alt={p.name ?? ''}
        style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', borderRadius: 4 }}
      />
      <Typography variant="body2">
        {p.name} · {p.operator_name}
      </Typography>
      {p.status === 'pending' && editable ? (
        <DecisionButtons photo={p} decide={decide} />
      ) : (
        <Chip
          size="small"
          label={t(
            p.status === 'approved'
              ? 'gallery.partner_approved'
              : p.status === 'rejected'
                ? 'gallery.partner_rejected'
                : 'gallery.partner_waiting',
          )}
        />
      )}
    </Box>
  );
}

/**
 * Tour operators' own photos of this property (their contracts let them add some): the hotel sees
 * them all, and approves or rejects those that wait for it. They never join the hotel's gallery.
 */
export function PartnerPhotosPanel({ propertyId, editable }: { propertyId: number; editable: boolean }) {
  const t = useT();
  const { photos, decide } = usePartnerPhotos(propertyId);
  if (!photos?.length) return null;
  const waiting = photos.filter((p) => p.status === 'pending').length;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="partner-photos">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {waiting ? t('gallery.partner_photos_waiting', { count: waiting }) : t('gallery.partner_photos')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1.5, mt: 1 }}>
        {photos.map((p) => (
          <PartnerPhotoCard
            key={p.id}
            photo={p}
            editable={editable}
            decide={(decision) => void decide(p.id, decision)}
          />
        ))}
      </Box>
    </Paper>
  );
}
