import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Choice } from '../../engine/core/form-adapter';
import { formatNotificationDate } from '../../format/dates';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import type { ContractWire, CoveredPropertyWire } from '../../../shared/generated/wire-types';
import { useProperties } from '../../api/properties';
import { SettingsFrame } from '../settings/settings-frame';
import { AcceptCaps, type Caps } from './accept-caps';
import { ConfirmDialog, type Confirmation } from './confirm-dialog';
import { StatusChip, turnText } from './contract-bits';
import { propertyChoices, ReadOnlyTerms, termsOf } from './contract-terms';
import {
  companyLabel,
  deleteContract,
  editContract,
  useContract,
  useContractLabels,
  useHotelProperties,
} from './partners-api';
import { useMove } from './use-move';
import { VersionsTimeline } from './versions-timeline';

/** No property list to offer (it could not be loaded): the contract's own coverage names them. */
const NONE: readonly CoveredPropertyWire[] = [];

function inForceText(c: ContractWire): string {
  if (c.status === 'X')
    return c.in_force && c.ends_at
      ? `Cancelled: in force until ${formatNotificationDate(c.ends_at)} UTC (notice period).`
      : 'Ended.';
  if (c.status === 'R') return 'Rejected: this contract has ended.';
  if (c.in_force)
    return `In force: version ${c.accepted_version}${c.accepted_at ? `, accepted ${formatNotificationDate(c.accepted_at)} UTC` : ''}${c.status !== 'A' ? '; an amendment is being discussed' : ''}.`;
  if (c.status === 'D') return 'A draft: your partner does not see it yet.';
  return 'Not in force yet.';
}

/** The moves open to the viewer, each asking first. */
function Actions({ c, partner, onAsk }: { c: ContractWire; partner: string; onAsk(a: Confirmation): void }) {
  const navigate = useNavigate();
  const hotel = useSession()?.user.accountType !== 'to';
  const labels = useContractLabels();
  // The hotel chooses its caps as it accepts; they go with the acceptance.
  const initialCaps: Caps = {
    hotel_allows_overrides: c.hotel_allows_overrides,
    hotel_moderation_cap: c.hotel_moderation_cap,
  };
  const seen = { version: c.version, revision: c.revision };
  const amendment = c.accepted_version !== null && c.in_force;
  const move = (body: Record<string, unknown>) => () => editContract(c.id, { ...body, ...seen });
  const notice =
    (c.accepted?.notice_period ?? 0) > 0
      ? `It stays in force for its notice period of ${c.accepted?.notice_period} days, then ends.`
      : 'It has no notice period: it ends at once.';
  const buttons: {
    key: string;
    label: string;
    variant?: 'contained' | 'outlined';
    color?: 'error' | 'success';
    onClick(): void;
  }[] = [];
  for (const action of c.actions) {
    switch (action) {
      case 'accept':
        buttons.push({
          key: action,
          label: amendment ? 'Accept amendment' : 'Accept',
          variant: 'contained',
          color: 'success',
          onClick: () => {
            // This dialog's choice, changed by the switch and sent by the move.
            const chosen: { caps: Caps } = { caps: initialCaps };
            onAsk({
              title: `Accept version ${c.version}?`,
              text: `Its terms come into force at once for you and ${partner}.`,
              confirm: 'Accept',
              color: 'success',
              extra: hotel ? (
                <AcceptCaps
                  initial={initialCaps}
                  editFacts={c.to_edit_facts}
                  labels={labels}
                  onChange={(next) => (chosen.caps = next)}
                />
              ) : undefined,
              run: () => editContract(c.id, { status: 'A', ...(hotel ? chosen.caps : {}), ...seen }),
            });
          },
        });
        break;
      case 'reject':
        buttons.push({
          key: action,
          label: amendment ? 'Reject amendment' : 'Reject',
          color: 'error',
          onClick: () =>
            onAsk({
              title: `Reject version ${c.version}?`,
              text: amendment
                ? 'The terms in force stay as they are.'
                : `The proposal ends; ${partner} may propose again.`,
              confirm: 'Reject',
              color: 'error',
              run: move({ status: 'R' }),
            }),
        });
        break;
      case 'counter':
        buttons.push({ key: action, label: 'Counter-propose', onClick: () => navigate(`/contract-edit?id=${c.id}`) });
        break;
      case 'amend':
        buttons.push({
          key: action,
          label: 'Propose an amendment',
          onClick: () => navigate(`/contract-edit?id=${c.id}`),
        });
        break;
      case 'withdraw':
        buttons.push({
          key: action,
          label: amendment ? 'Withdraw amendment' : 'Withdraw proposal',
          onClick: () =>
            onAsk({
              title: `Withdraw version ${c.version}?`,
              text: amendment
                ? 'The terms in force stay as they are.'
                : 'The proposal ends; you may propose again later.',
              confirm: 'Withdraw',
              run: move({ status: amendment ? 'A' : 'X' }),
            }),
        });
        break;
      case 'cancel':
        buttons.push({
          key: action,
          label: 'Cancel contract',
          color: 'error',
          onClick: () =>
            onAsk({
              title: `Cancel the contract with ${partner}?`,
              text: notice,
              confirm: 'Cancel contract',
              color: 'error',
              run: move({ status: 'X' }),
            }),
        });
        break;
      case 'send':
        buttons.push({
          key: action,
          label: 'Send proposal',
          variant: 'contained',
          onClick: () =>
            onAsk({
              title: `Send this proposal to ${partner}?`,
              text: `${partner} is told at once and may accept it, reject it or send a counter-proposal.`,
              confirm: 'Send proposal',
              run: move({ status: 'P' }),
            }),
        });
        break;
      case 'save':
        buttons.push({ key: action, label: 'Edit draft', onClick: () => navigate(`/contract-edit?id=${c.id}`) });
        break;
      case 'delete':
        buttons.push({
          key: action,
          label: 'Delete draft',
          color: 'error',
          onClick: () =>
            onAsk({
              title: 'Delete this draft?',
              text: 'It is gone for good.',
              confirm: 'Delete draft',
              color: 'error',
              run: async () => {
                await deleteContract(c.id);
                navigate('/contract-details?tab=outgoing');
              },
            }),
        });
        break;
    }
  }
  if (!buttons.length) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }} role="group" aria-label="Contract actions">
      {buttons.map((b) => (
        <Button key={b.key} variant={b.variant ?? 'outlined'} color={b.color} onClick={b.onClick}>
          {b.label}
        </Button>
      ))}
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ContractView({ c }: { c: ContractWire }) {
  const labels = useContractLabels();
  const abilities = useAbilities();
  const operator = useSession()?.user.accountType === 'to';
  const own = useProperties(!operator);
  const theirs = useHotelProperties(c.hotel, operator);
  const loaded = operator
    ? (theirs.data ?? (theirs.isError ? NONE : undefined))
    : (own.data ?? (own.isError ? NONE : undefined));
  const choices = useMemo<Choice[] | undefined>(() => {
    if (!loaded) return undefined;
    const known = new Map(propertyChoices(c.covered_properties).map((ch) => [ch.value, ch]));
    for (const ch of propertyChoices(loaded)) known.set(ch.value, ch);
    return [...known.values()];
  }, [loaded, c.covered_properties]);
  const move = useMove();
  const partner = companyLabel(c.partner_info);
  const pendingAmendment = c.accepted !== null && (c.status === 'P' || c.status === 'C');
  return (
    <>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }} data-testid="contract-summary">
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography variant="h5" component="h2">
            <Link component={RouterLink} to={`/portfolio/${c.partner}`}>
              {partner}
            </Link>
          </Typography>
          <StatusChip status={c.status} labels={labels} size="medium" />
          {c.in_force && <Chip color="success" variant="outlined" label="In force" />}
          <Typography color="text.secondary">{turnText(c.turn, abilities?.accountId)}</Typography>
        </Box>
        <Typography data-testid="contract-state">{inForceText(c)}</Typography>
        <Typography variant="body2" color="text.secondary">
          Version {c.version} · started {formatNotificationDate(c.date_created)} UTC · last move{' '}
          {formatNotificationDate(c.date_update)} UTC
        </Typography>
      </Paper>
      {c.actions.length > 0 && <Actions c={c} partner={partner} onAsk={move.open} />}
      {c.actions.length === 0 &&
        !abilities?.can('partner_connections') &&
        (c.status === 'P' || c.status === 'C' || c.status === 'A' || c.status === 'D') && (
          <Alert severity="info" sx={{ mb: 3 }}>
            Answering and changing contracts needs the “partner connections” permission.
          </Alert>
        )}
      <Section title="Properties covered">
        {c.all_properties ? (
          <Typography>
            Every property of the hotel, also those it adds later
            {c.covered_properties.length ? ` (${c.covered_properties.length} now)` : ''}.
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }} aria-label="Covered properties">
          {c.covered_properties.map((p) => (
            <Chip key={p.id} label={[p.hotel_name, p.city].filter(Boolean).join(', ')} variant="outlined" />
          ))}
        </Box>
      </Section>
      {!choices && <LinearProgress aria-label="Loading the terms" />}
      {choices && (
        <>
          <Section title={pendingAmendment ? `Proposed terms (version ${c.version})` : `Terms (version ${c.version})`}>
            <ReadOnlyTerms key={`latest-${c.revision}`} terms={termsOf(c)} choices={choices} idPrefix="terms" />
          </Section>
          {pendingAmendment && c.accepted && (
            <Section title={`Terms in force (version ${c.accepted_version})`}>
              <ReadOnlyTerms
                key={`accepted-${c.revision}`}
                terms={termsOf(c.accepted)}
                choices={choices}
                idPrefix="in-force"
              />
            </Section>
          )}
          <Section title="Versions">
            <VersionsTimeline contract={c} labels={labels} properties={choices} />
          </Section>
        </>
      )}
      <ConfirmDialog
        ask={move.ask}
        busy={move.busy}
        error={move.error}
        onConfirm={() => void move.confirm()}
        onClose={move.close}
      />
    </>
  );
}

/** /contract-view/{id}: the contract's terms, what it covers, its versions with their changes, and the moves open to you now. */
export function ContractViewPage() {
  const id = Number(useParams().id);
  const contract = useContract(id);
  return (
    <SettingsFrame title="Contract" back={{ to: '/contract-details', label: 'Contracts' }}>
      {(contract.isError || !(id > 0)) && <Alert severity="warning">There is no such contract.</Alert>}
      {!contract.data && !contract.isError && id > 0 && <LinearProgress aria-label="Loading the contract" />}
      {contract.data && <ContractView c={contract.data} />}
    </SettingsFrame>
  );
}
