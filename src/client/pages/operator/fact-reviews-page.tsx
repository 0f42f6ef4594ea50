import { useState } from 'react';
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
import { useFormat, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useAbilities } from '../../session/use-can';
import type { OverrideWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { useDecideOverride, useFactReviews, type ReviewStatus, type ReviewsFilter } from './use-fact-reviews';

type Decision = { override: OverrideWire; decision: 'approve' | 'reject' };

/** A decided change's state as its chip names it. */
const DECIDED: Record<OverrideWire['status'], MessageKey> = {
  pending: 'operator.status_pending',
  approved: 'operator.status_approved',
  rejected: 'operator.status_rejected',
  withdrawn: 'operator.status_withdrawn',
  replaced: 'operator.status_replaced',
};

function DecideDialog({ ask, onClose }: { ask: Decision | null; onClose(): void }) {
  const t = useT();
  const decide = useDecideOverride();
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
      await decide(ask.override.id, ask.decision, comment);
      enqueueSnackbar(approve ? t('operator.review_approved') : t('operator.review_rejected'), { variant: 'success' });
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
      <DialogTitle id="decide-title">
        {approve ? t('operator.approve_question') : t('operator.reject_question')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {ask &&
            t('operator.decide_text', {
              partner: ask.override.operator_name,
              field: ask.override.label,
              hotel: ask.override.hotel_name,
              theirs: ask.override.value_text || '—',
              yours: ask.override.hotel_value_text || '—',
              decision: ask.decision,
            })}
        </DialogContentText>
        <TextField
          label={t('operator.note_to_partner')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 2 }}
        />
        {busy && <LinearProgress aria-label={t('operator.processing')} sx={{ mt: 2 }} />}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('operator.back')}
        </Button>
        <Button variant="contained" color={approve ? 'success' : 'error'} onClick={run} disabled={busy}>
          {approve ? t('operator.approve') : t('operator.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The state tabs and the property to filter by. */
function Filters({
  status,
  property,
  properties,
  go,
}: {
  status: ReviewStatus;
  property: number | null;
  properties: readonly { id: number; hotel_name: string }[];
  go(next: ReviewsFilter): void;
}) {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
      <Tabs
        value={status}
        onChange={(_e, v: string) => go({ status: v, page: 1 })}
        aria-label={t('operator.review_state')}
      >
        <Tab value="pending" label={t('operator.tab_waiting')} />
        <Tab value="approved" label={t('operator.tab_approved')} />
        <Tab value="rejected" label={t('operator.tab_rejected')} />
        <Tab value="all" label={t('operator.tab_all')} />
      </Tabs>
      <TextField
        select
        size="small"
        label={t('operator.property')}
        value={property ?? ''}
        onChange={(e) => go({ property: Number(e.target.value) || null, page: 1 })}
        sx={{ minWidth: 260 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('operator.all_properties')}</MenuItem>
        {properties.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.hotel_name}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}

/** A waiting change's approve and reject (for who may decide), a decided one's outcome. */
function DecisionCell({ o, canDecide, onAsk }: { o: OverrideWire; canDecide: boolean; onAsk(d: Decision): void }) {
  const t = useT();
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      {o.status === 'pending' ? (
        canDecide && (
          <>
            <Button
              size="small"
              color="success"
              onClick={() => onAsk({ override: o, decision: 'approve' })}
              aria-label={t('operator.approve_of', { field: o.label, partner: o.operator_name })}
            >
              {t('operator.approve')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => onAsk({ override: o, decision: 'reject' })}
              aria-label={t('operator.reject_of', { field: o.label, partner: o.operator_name })}
            >
              {t('operator.reject')}
            </Button>
          </>
        )
      ) : (
        <Chip
          size="small"
          color={o.status === 'approved' ? 'success' : 'default'}
          label={o.decision_comment ? `${t(DECIDED[o.status])}: ${o.decision_comment}` : t(DECIDED[o.status])}
        />
      )}
    </TableCell>
  );
}

/** The partners' changes of this page, one row each. */
function ReviewsTable({
  results,
  status,
  canDecide,
  onAsk,
}: {
  results: OverrideWire[];
  status: ReviewStatus;
  canDecide: boolean;
  onAsk(d: Decision): void;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('operator.partners_changes')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('operator.property')}</TableCell>
            <TableCell>{t('operator.column_partner')}</TableCell>
            <TableCell>{t('operator.column_field')}</TableCell>
            <TableCell>{t('operator.column_yours')}</TableCell>
            <TableCell>{t('operator.column_theirs')}</TableCell>
            <TableCell>{t('operator.column_note')}</TableCell>
            <TableCell>{t('operator.column_asked')}</TableCell>
            <TableCell align="right">
              {status === 'pending' ? t('operator.column_decide') : t('operator.column_decision')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((o) => (
            <TableRow key={o.id} data-review={o.label}>
              <TableCell>{o.hotel_name}</TableCell>
              <TableCell>{o.operator_name}</TableCell>
              <TableCell>{o.label}</TableCell>
              <TableCell>{o.hotel_value_text || '—'}</TableCell>
              <TableCell>{o.value_text || '—'}</TableCell>
              <TableCell>{o.comment ?? ''}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{fmt.dateTime(o.created_at)}</TableCell>
              <DecisionCell o={o} canDecide={canDecide} onAsk={onAsk} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** /fact-reviews: partners' changes of the hotel's facts that wait for its approval, and what was decided. */
export function FactReviewsPage() {
  const t = useT();
  const { status, property, page, pages, go, reviews, failed, error, properties } = useFactReviews();
  const canDecide = useAbilities()?.can('facts') ?? false;
  const [ask, setAsk] = useState<Decision | null>(null);
  return (
    <SettingsFrame title={t('operator.fact_reviews')} intro={t('operator.fact_reviews_intro')} back={null} width={1200}>
      <Filters status={status} property={property} properties={properties} go={go} />
      {!canDecide && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('operator.needs_facts_permission')}
        </Alert>
      )}
      {failed && <Alert severity="error">{errorMessages(error).join(' ')}</Alert>}
      {!reviews && !failed && <LinearProgress aria-label={t('operator.loading_reviews')} />}
      {reviews && (
        <>
          {reviews.results.length === 0 ? (
            <Typography color="text.secondary">
              {status === 'pending' ? t('operator.reviews_waiting', { count: 0 }) : t('operator.nothing_here')}
            </Typography>
          ) : (
            <ReviewsTable results={reviews.results} status={status} canDecide={canDecide} onAsk={setAsk} />
          )}
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Pagination
              count={pages}
              page={page}
              onChange={(_e, n) => go({ page: n })}
              aria-label={t('operator.review_pages')}
            />
          </Box>
        </>
      )}
      <DecideDialog ask={ask} onClose={() => setAsk(null)} />
    </SettingsFrame>
  );
}
