import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useAbilities } from '../../session/use-can';
import type { OperatorFactSheetWire, OwnPhotoWire } from '../../../shared/generated/wire-types';
import { useOwnPhotos } from './use-own-photos';

const STATUS = {
  approved: { label: 'operator.own_photo_approved', color: 'success' },
  pending: { label: 'operator.own_photo_pending', color: 'warning' },
  rejected: { label: 'operator.own_photo_rejected', color: 'error' },
} as const satisfies Record<OwnPhotoWire['status'], { label: MessageKey; color: string }>;

/** One own photo: its picture, name and state, the hotel's comment, and its delete. */
function OwnPhotoTile({ photo: p, canEdit, onRemove }: { photo: OwnPhotoWire; canEdit: boolean; onRemove(): void }) {
  const t = useT();
  return (
    <Box data-own-photo={p.name ?? p.id}>
      <img
        src={p.thumbnail}
        alt={p.name ?? ''}
        style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', borderRadius: 4 }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ flex: 1 }}>
          {p.name}
        </Typography>
        <Chip size="small" color={STATUS[p.status].color} label={t(STATUS[p.status].label)} />
        {canEdit && (
          <Button
            size="small"
            color="error"
            onClick={onRemove}
            aria-label={p.name ? t('operator.delete_named', { name: p.name }) : t('operator.delete_photo')}
          >
            {t('operator.delete')}
          </Button>
        )}
      </Box>
      {p.decision_comment && (
        <Typography variant="caption" color="text.secondary">
          {t('operator.hotel_comment', { comment: p.decision_comment })}
        </Typography>
      )}
    </Box>
  );
}

/** The operator's own photos of a hotel: their state, upload (where the contract allows) and delete. */
export function OwnPhotos({ data }: { data: OperatorFactSheetWire }) {
  const t = useT();
  const property = data.property.id;
  const allowed = data.allowance.add_own_photos;
  const canEdit = useAbilities()?.can('partner_connections') ?? false;
  const { input, busy, add, remove } = useOwnPhotos(property);
  return (
    <Box sx={{ mt: 3 }} data-testid="own-photos">
      <Typography variant="h6" component="h2">
        {t('operator.own_photos')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {allowed === 'N'
          ? (data.allowance.reasons.add_own_photos ?? t('operator.own_photos_not_allowed'))
          : allowed === 'O'
            ? t('operator.own_photos_approval')
            : t('operator.own_photos_direct')}
      </Typography>
      {allowed !== 'N' && canEdit && (
        <>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            hidden
            onChange={(e) => void add([...(e.target.files ?? [])])}
            aria-label={t('operator.own_photos_to_add')}
          />
          <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={busy}>
            {t('operator.add_photos')}
          </Button>
          {busy && <LinearProgress aria-label={t('operator.uploading')} sx={{ mt: 1 }} />}
        </>
      )}
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 1.5, mt: 2 }}>
        {data.own_photos.map((p) => (
          <OwnPhotoTile key={p.id} photo={p} canEdit={canEdit} onRemove={() => void remove(p.id)} />
        ))}
      </Box>
    </Box>
  );
}
