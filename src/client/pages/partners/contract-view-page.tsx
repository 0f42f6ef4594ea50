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
import { useFormat, useT, type Formatters, type Translate } from '../../i18n';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { HOTEL_CAPS } from '../../../shared/generated/value-lists';
import type { ContractWire, CoveredPropertyWire } from '../../../shared/generated/wire-types';
import { useProperties } from '../../api/properties';
import { SettingsFrame } from '../../components/settings-frame';
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

function inForceText(c: ContractWire, fmt: Formatters, t: Translate): string {
  if (c.status === 'X')
    return c.in_force && c.ends_at
      ? t('partners.state_cancelled_notice', { date: fmt.dateTime(c.ends_at) })
      : t('partners.state_ended');
  if (c.status === 'R') return t('partners.state_rejected');
  if (c.in_force)
    return t('partners.state_in_force', {
      version: c.accepted_version ?? c.version,
      accepted: c.accepted_at ? fmt.dateTime(c.accepted_at) : 'none',
      amending: c.status !== 'A' ? 'yes' : 'no',
    });
  if (c.status === 'D') return t('partners.state_draft');
  return t('partners.state_not_yet');
}

/** The moves open to the viewer, each asking first. */
function Actions({ c, partner, onAsk }: { c: ContractWire; partner: string; onAsk(a: Confirmation): void }) {
  const t = useT();
  const navigate = useNavigate();
  const hotel = useSession()?.user.accountType !== 'to';
  const labels = useContractLabels();
  // The hotel chooses its caps as it accepts; they go with the acceptance.
  const initialCaps = Object.fromEntries(HOTEL_CAPS.map((cap) => [cap, c[cap]])) as Caps;
  const seen = { version: c.version, revision: c.revision };
  const amendment = c.accepted_version !== null && c.in_force;
  const move = (body: Record<string, unknown>) => () => editContract(c.id, { ...body, ...seen });
  const notice =
    (c.accepted?.notice_period ?? 0) > 0
      ? t('partners.notice_period', { count: c.accepted?.notice_period ?? 0 })
      : t('partners.no_notice_period');
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
          label: amendment ? t('partners.accept_amendment') : t('partners.accept'),
          variant: 'contained',
          color: 'success',
          onClick: () => {
            // This dialog's choice, changed by the switch and sent by the move.
            const chosen: { caps: Caps } = { caps: initialCaps };
            onAsk({
              title: t('partners.accept_question', { version: c.version }),
              text: t('partners.accept_text', { partner }),
              confirm: t('partners.accept'),
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
          label: amendment ? t('partners.reject_amendment') : t('partners.reject'),
          color: 'error',
          onClick: () =>
            onAsk({
              title: t('partners.reject_question', { version: c.version }),
              text: amendment ? t('partners.terms_stay') : t('partners.reject_text', { partner }),
              confirm: t('partners.reject'),
              color: 'error',
              run: move({ status: 'R' }),
            }),
        });
        break;
      case 'counter':
        buttons.push({
          key: action,
          label: t('partners.counter_propose'),
          onClick: () => navigate(`/contract-edit?id=${c.id}`),
        });
        break;
      case 'amend':
        buttons.push({
          key: action,
          label: t('partners.propose_amendment'),
          onClick: () => navigate(`/contract-edit?id=${c.id}`),
        });
        break;
      case 'withdraw':
        buttons.push({
          key: action,
          label: amendment ? t('partners.withdraw_amendment') : t('partners.withdraw_proposal'),
          onClick: () =>
            onAsk({
              title: t('partners.withdraw_question', { version: c.version }),
              text: amendment ? t('partners.terms_stay') : t('partners.withdraw_text'),
              confirm: t('partners.withdraw'),
              run: move({ status: amendment ? 'A' : 'X' }),
            }),
        });
        break;
      case 'cancel':
        buttons.push({
          key: action,
          label: t('partners.cancel_contract'),
          color: 'error',
          onClick: () =>
            onAsk({
              title: t('partners.cancel_question', { partner }),
              text: notice,
              confirm: t('partners.cancel_contract'),
              color: 'error',
              run: move({ status: 'X' }),
            }),
        });
        break;
      case 'send':
        buttons.push({
          key: action,
          label: t('partners.send_proposal'),
          variant: 'contained',
          onClick: () =>
            onAsk({
              title: t('partners.send_question', { partner }),
              text: t('partners.send_text', { partner }),
              confirm: t('partners.send_proposal'),
              run: move({ status: 'P' }),
            }),
        });
        break;
      case 'save':
        buttons.push({
          key: action,
          label: t('partners.edit_draft'),
          onClick: () => navigate(`/contract-edit?id=${c.id}`),
        });
        break;
      case 'delete':
        buttons.push({
          key: action,
          label: t('partners.delete_draft'),
          color: 'error',
          onClick: () =>
            onAsk({
              title: t('partners.delete_question'),
              text: t('partners.delete_text'),
              confirm: t('partners.delete_draft'),
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
    <Box
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 3 }}
      role="group"
      aria-label={t('partners.contract_actions')}
    >
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
  const t = useT();
  const fmt = useFormat();
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
          {c.in_force && <Chip color="success" variant="outlined" label={t('partners.in_force')} />}
          <Typography color="text.secondary">{turnText(c.turn, abilities?.accountId, t)}</Typography>
        </Box>
        <Typography data-testid="contract-state">{inForceText(c, fmt, t)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('partners.version_line', {
            version: c.version,
            started: fmt.dateTime(c.date_created),
            moved: fmt.dateTime(c.date_update),
          })}
        </Typography>
      </Paper>
      {c.actions.length > 0 && <Actions c={c} partner={partner} onAsk={move.open} />}
      {c.actions.length === 0 &&
        !abilities?.can('partner_connections') &&
        (c.status === 'P' || c.status === 'C' || c.status === 'A' || c.status === 'D') && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('partners.needs_permission_answer')}
          </Alert>
        )}
      <Section title={t('partners.column_covered')}>
        {c.all_properties ? (
          <Typography>
            {c.covered_properties.length
              ? t('partners.every_property_now', { count: c.covered_properties.length })
              : t('partners.every_property')}
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1 }} aria-label={t('partners.covered_properties')}>
          {c.covered_properties.map((p) => (
            <Chip key={p.id} label={[p.hotel_name, p.city].filter(Boolean).join(', ')} variant="outlined" />
          ))}
        </Box>
      </Section>
      {!choices && <LinearProgress aria-label={t('partners.loading_terms')} />}
      {choices && (
        <>
          <Section
            title={
              pendingAmendment
                ? t('partners.proposed_terms', { version: c.version })
                : t('partners.terms', { version: c.version })
            }
          >
            <ReadOnlyTerms key={`latest-${c.revision}`} terms={termsOf(c)} choices={choices} idPrefix="terms" />
          </Section>
          {pendingAmendment && c.accepted && (
            <Section title={t('partners.terms_in_force', { version: c.accepted_version ?? c.version })}>
              <ReadOnlyTerms
                key={`accepted-${c.revision}`}
                terms={termsOf(c.accepted)}
                choices={choices}
                idPrefix="in-force"
              />
            </Section>
          )}
          <Section title={t('partners.versions')}>
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
  const t = useT();
  const id = Number(useParams().id);
  const contract = useContract(id);
  return (
    <SettingsFrame
      title={t('partners.contract')}
      back={{ to: '/contract-details', label: t('partners.contracts_title') }}
    >
      {(contract.isError || !(id > 0)) && <Alert severity="warning">{t('partners.no_such_contract')}</Alert>}
      {!contract.data && !contract.isError && id > 0 && <LinearProgress aria-label={t('partners.loading_contract')} />}
      {contract.data && <ContractView c={contract.data} />}
    </SettingsFrame>
  );
}
