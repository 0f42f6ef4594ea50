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
import { sessionStore } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import type { OperatorFactSheetWire, OwnPhotoWire } from '../../../shared/generated/wire-types';
import { refreshWorkspace } from './operator-api';

const STATUS = {
  approved: { label: 'In your views', color: 'success' },
  pending: { label: 'Waiting for the hotel', color: 'warning' },
  rejected: { label: 'Rejected by the hotel', color: 'error' },
} as const;

/** Upload files as the gallery does (multipart field imagesArray), all in one request. */
async function upload(property: number, files: File[]): Promise<OwnPhotoWire[]> {
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
    throw new ApiFailure(
      res.status,
      body ?? { detail: res.status === 413 ? 'A file is larger than 20 MB.' : undefined },
    );
  return body as OwnPhotoWire[];
}

/** The operator's own photos of a hotel: their state, upload (where the contract allows) and delete. */
export function OwnPhotos({ data }: { data: OperatorFactSheetWire }) {
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
      const added = await upload(property, files);
      enqueueSnackbar(
        added.some((p) => p.status === 'pending')
          ? `${added.length} photo(s) added; they wait for the hotel's approval.`
          : `${added.length} photo(s) added.`,
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
        Your own photos
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {allowed === 'N'
          ? (data.allowance.reasons.add_own_photos ??
            'Your contract does not let you add your own photos of this hotel.')
          : allowed === 'O'
            ? 'The hotel approves each photo you add before it appears in your fact sheets and exports.'
            : 'Photos you add appear in your fact sheets and exports beside the hotel’s.'}
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
            aria-label="Your photos to add"
          />
          <Button variant="outlined" size="small" onClick={() => input.current?.click()} disabled={busy}>
            Add photos
          </Button>
          {busy && <LinearProgress aria-label="Uploading" sx={{ mt: 1 }} />}
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
              <Chip size="small" color={STATUS[p.status].color} label={STATUS[p.status].label} />
              {canEdit && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => void remove(p.id)}
                  aria-label={`Delete ${p.name ?? 'photo'}`}
                >
                  Delete
                </Button>
              )}
            </Box>
            {p.decision_comment && (
              <Typography variant="caption" color="text.secondary">
                Hotel: {p.decision_comment}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
