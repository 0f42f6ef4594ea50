import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { formatNotificationDate } from '../../format/dates';
import { useAbilities } from '../../session/use-can';
import type { OverrideReviewsQueryWire, OverrideWire } from '../../../shared/generated/wire-types';
import { useProperties } from '../../api/properties';
import { pageCount, pageFrom } from '../partners/partners-format';
import { SettingsFrame } from '../settings/settings-frame';
import { decideOverride, useOverrideReviews, refreshWorkspace } from './operator-api';

type Decision = { override: OverrideWire; decision: 'approve' | 'reject' };

function DecideDialog({ ask, onClose }: { ask: Decision | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const approve = ask?.decision === 'approve';
  const run = async () => {
    if (!ask) return;
    setBusy(true);
    setError(null);
    try {
      await decideOverride(ask.override.id, ask.decision, comment);
      await refreshWorkspace(queryClient);
      enqueueSnackbar(
        approve ? 'Approved: the partner shows its value.' : 'Rejected: the partner keeps showing yours.',
        { variant: 'success' },
      );
      setComment('');
      onClose();
    } catch (e) {
      setError(errorMessages(e).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={ask !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby="decide-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="decide-title">{approve ? 'Approve this change?' : 'Reject this change?'}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {ask &&
            `${ask.override.operator_name} shows ${ask.override.label} of ${ask.override.hotel_name} as “${ask.override.value_text || '—'}” instead of “${ask.override.hotel_value_text || '—'}”. ${approve ? 'Your own facts do not change.' : 'It keeps showing your value.'}`}
        </DialogContentText>
        <TextField
          label="Note to the partner"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
        />
        {busy && <LinearProgress aria-label="Processing" sx={{ mt: 2 }} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Back
        </Button>
        <Button variant="contained" color={approve ? 'success' : 'error'} onClick={run} disabled={busy}>
          {approve ? 'Approve' : 'Reject'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /fact-reviews: partners' changes of the hotel's facts that wait for its approval, and what was decided. */
export function FactReviewsPage() {
  const [search, setSearch] = useSearchParams();
  const status = (search.get('status') ?? 'pending') as NonNullable<OverrideReviewsQueryWire['status']>;
  const property = Number(search.get('property')) || null;
  const page = pageFrom(search);
  const query: OverrideReviewsQueryWire = { status, page, ...(property ? { property } : {}) };
  const reviews = useOverrideReviews(query);
  const properties = useProperties();
  const canDecide = useAbilities()?.can('facts') ?? false;
  const [ask, setAsk] = useState<Decision | null>(null);
  const go = (next: { status?: string; property?: number | null; page?: number }) => {
    const s = next.status ?? status;
    const p = next.property === undefined ? property : next.property;
    setSearch({
      ...(s !== 'pending' ? { status: s } : {}),
      ...(p ? { property: String(p) } : {}),
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });
  };
  return (
    <SettingsFrame
      title="Fact reviews"
      intro="Your partners’ own versions of your facts that wait for your approval. Approving changes what that partner shows; your facts never change."
      back={null}
      width={1200}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <Tabs value={status} onChange={(_e, v: string) => go({ status: v, page: 1 })} aria-label="Review state">
          <Tab value="pending" label="Waiting" />
          <Tab value="approved" label="Approved" />
          <Tab value="rejected" label="Rejected" />
          <Tab value="all" label="All" />
        </Tabs>
        <TextField
          select
          size="small"
          label="Property"
          value={property ?? ''}
          onChange={(e) => go({ property: Number(e.target.value) || null, page: 1 })}
          sx={{ minWidth: 260 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All properties</MenuItem>
          {(properties.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.hotel_name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {!canDecide && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Approving and rejecting needs the “facts” permission.
        </Alert>
      )}
      {reviews.isError && <Alert severity="error">{errorMessages(reviews.error).join(' ')}</Alert>}
      {!reviews.data && !reviews.isError && <LinearProgress aria-label="Loading reviews" />}
      {reviews.data && (
        <>
          {reviews.data.results.length === 0 ? (
            <Typography color="text.secondary">
              {status === 'pending' ? 'Nothing waits for your review.' : 'Nothing here.'}
            </Typography>
          ) : (
            <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Partners' changes">
                <TableHead>
                  <TableRow>
                    <TableCell>Property</TableCell>
                    <TableCell>Partner</TableCell>
                    <TableCell>Field</TableCell>
                    <TableCell>Yours</TableCell>
                    <TableCell>Theirs</TableCell>
                    <TableCell>Note</TableCell>
                    <TableCell>Asked (UTC)</TableCell>
                    <TableCell align="right">{status === 'pending' ? 'Decide' : 'Decision'}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {reviews.data.results.map((o) => (
                    <TableRow key={o.id} data-review={o.label}>
                      <TableCell>{o.hotel_name}</TableCell>
                      <TableCell>{o.operator_name}</TableCell>
                      <TableCell>{o.label}</TableCell>
                      <TableCell>{o.hotel_value_text || '—'}</TableCell>
                      <TableCell>{o.value_text || '—'}</TableCell>
                      <TableCell>{o.comment ?? ''}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNotificationDate(o.created_at)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {o.status === 'pending' ? (
                          canDecide && (
                            <>
                              <Button
                                size="small"
                                color="success"
                                onClick={() => setAsk({ override: o, decision: 'approve' })}
                                aria-label={`Approve ${o.label} of ${o.operator_name}`}
                              >
                                Approve
                              </Button>
                              <Button
                                size="small"
                                color="error"
                                onClick={() => setAsk({ override: o, decision: 'reject' })}
                                aria-label={`Reject ${o.label} of ${o.operator_name}`}
                              >
                                Reject
                              </Button>
                            </>
                          )
                        ) : (
                          <Chip
                            size="small"
                            color={o.status === 'approved' ? 'success' : 'default'}
                            label={o.decision_comment ? `${o.status}: ${o.decision_comment}` : o.status}
                          />
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Pagination
              count={pageCount(reviews.data.count)}
              page={page}
              onChange={(_e, n) => go({ page: n })}
              aria-label="Review pages"
            />
          </Box>
        </>
      )}
      <DecideDialog ask={ask} onClose={() => setAsk(null)} />
    </SettingsFrame>
  );
}
