import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { api } from '../../api/client';
import { errorMessages, unwrap } from '../../api/errors';
import { PHOTO_URLS_REFRESH_MS } from '../../api/photo-urls';
import { useT } from '../../i18n';

const key = (id: number) => ['partner-photos', id] as const;

/**
 * Tour operators' own photos of this property (their contracts let them add some): the hotel sees
 * them all, and approves or rejects those that wait for it. They never join the hotel's gallery.
 */
export function PartnerPhotosPanel({ propertyId, editable }: { propertyId: number; editable: boolean }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const photos = useQuery({
    queryKey: key(propertyId),
    queryFn: () =>
      unwrap(api.GET('/api/facts/property/{id}/partner-photos/', { params: { path: { id: propertyId } } })),
    retry: false,
    refetchInterval: PHOTO_URLS_REFRESH_MS,
  });
  if (!photos.data?.length) return null;
  const decide = async (photoId: number, decision: 'approve' | 'reject') => {
    try {
      await unwrap(
        api.POST('/api/facts/property/{id}/partner-photos/{photoId}/', {
          params: { path: { id: propertyId, photoId } },
          body: { decision, comment: '' },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: key(propertyId) });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  const waiting = photos.data.filter((p) => p.status === 'pending').length;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="partner-photos">
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {waiting ? t('gallery.partner_photos_waiting', { count: waiting }) : t('gallery.partner_photos')}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))', gap: 1.5, mt: 1 }}>
        {photos.data.map((p) => (
          <Box key={p.id} data-partner-photo={p.name ?? p.id}>
            <img
              src={p.thumbnail}
              alt={p.name ?? ''}
              style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block', borderRadius: 4 }}
            />
            <Typography variant="body2">
              {p.name} · {p.operator_name}
            </Typography>
            {p.status === 'pending' && editable ? (
              <Box>
                <Button
                  size="small"
                  color="success"
                  onClick={() => void decide(p.id, 'approve')}
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
                  onClick={() => void decide(p.id, 'reject')}
                  aria-label={t('gallery.reject_label', {
                    photo: p.name ?? t('gallery.a_photo'),
                    operator: p.operator_name,
                  })}
                >
                  {t('gallery.reject')}
                </Button>
              </Box>
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
        ))}
      </Box>
    </Paper>
  );
}
