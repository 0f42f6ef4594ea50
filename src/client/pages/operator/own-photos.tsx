import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { api, tokenHeader } from '../../api/client';
import { ApiFailure, errorMessages, unwrap } from '../../api/errors';
import { useT } from '../../i18n';
import { sessionStore } from '../../session/session';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useAbilities } from '../../session/use-can';
import type { OperatorFactSheetWire, OwnPhotoWire } from '../../../shared/generated/wire-types';
import { refreshWorkspace } from './operator-api';

const STATUS = {
  approved: { label: 'operator.own_photo_approved', color: 'success' },
  pending: { label: 'operator.own_photo_pending', color: 'warning' },
  rejected: { label: 'operator.own_photo_rejected', color: 'error' },
} as const satisfies Record<OwnPhotoWire['status'], { label: MessageKey; color: string }>;

/** Upload files as the gallery does (multipart field imagesArray), all in one request. */
async function upload(property: number, files: File[], tooLarge: string): Promise<OwnPhotoWire[]> {
  const form = new FormData();
  for (const f of files) form.append('imagesArray', f, f.name);
  const token = sessionStore.current()?.token;
  const res = await fetch(`/api/partners/fact-sheet/${property}/own-photos/`, {
    method: 'POST',
    headers: token ? tokenHeader(token) : {},
    body: form,
  });
  const body = (await res.json().catch(() => undefined)) as unknown;
  if (res.status !== 201)
    throw new ApiFailure(res.status, body ?? { detail: res.status === 413 ? tooLarge : undefined });
  return body as OwnPhotoWire[];
}

/** The operator's own photos of a hotel: their state, upload (where the contract allows) and delete. */
export function OwnPhotos({ data }: { data: OperatorFactSheetWire }) {
  const t = useT();
  const property = data.property.id;
  const allowed = data.allowance.add_own_photos;
  const canEdit = useAbilities()?.can('partner_connections') ?? false;
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => refreshWorkspace(queryClient);
  const add = async (files: File[]) => {
    if (!files.length) return;
    setBusy(true);
    try {
      const added = await upload(property, files, t('operator.file_too_large', { size: 20 }));
      enqueueSnackbar(
        added.some((p) => p.status === 'pending')
          ? t('operator.photos_added_pending', { count: added.length })
          : t('operator.photos_added', { count: added.length }),
        { variant: 'success' },
      );
      await refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async (id: number) => {
    try {
      await unwrap(
        api.DELETE('/api/partners/fact-sheet/{id}/own-photos/{photoId}/', {
          params: { path: { id: property, photoId: id } },
        }),
      );
      await refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
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
          <Box key={p.id} data-own-photo={p.name ?? p.id}>
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
                  onClick={() => void remove(p.id)}
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
        ))}
      </Box>
    </Box>
  );
}
