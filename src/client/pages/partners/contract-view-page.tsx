import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Choice } from '../../engine/core/form-adapter';
import type { OptionLabels } from '../../engine/data/options';
import { useFormat, useT, type Formatters, type Translate } from '../../i18n';
import { useAbilities } from '../../session/use-can';
import type { ContractWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { ConfirmDialog } from './confirm-dialog';
import { Actions } from './contract-actions';
import { StatusChip, turnText } from './contract-bits';
import { ReadOnlyTerms, termsOf } from './contract-terms';
import { companyLabel, useContractLabels } from './partners-api';
import { useContractChoices, useContractView } from './use-contract-view';
import { useMove } from './use-move';
import { VersionsTimeline } from './versions-timeline';

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

/** Who the partner is, where the contract stands and whose turn it is. */
function Summary({ c, partner, labels }: { c: ContractWire; partner: string; labels: OptionLabels }) {
  const t = useT();
  const fmt = useFormat();
  const abilities = useAbilities();
  return (
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
  );
}

function Covered({ c }: { c: ContractWire }) {
  const t = useT();
  return (
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
  );
}

/** The terms (proposed ones beside those in force while an amendment waits) and every version. */
function Terms({ c, labels, choices }: { c: ContractWire; labels: OptionLabels; choices: Choice[] }) {
  const t = useT();
  const pendingAmendment = c.accepted !== null && (c.status === 'P' || c.status === 'C');
  return (
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
  );
}

function ContractView({ c }: { c: ContractWire }) {
  const t = useT();
  const labels = useContractLabels();
  const abilities = useAbilities();
  const choices = useContractChoices(c);
  const move = useMove();
  const partner = companyLabel(c.partner_info);
  return (
    <>
      <Summary c={c} partner={partner} labels={labels} />
      {c.actions.length > 0 && <Actions c={c} partner={partner} onAsk={move.open} />}
      {c.actions.length === 0 &&
        !abilities?.can('partner_connections') &&
        (c.status === 'P' || c.status === 'C' || c.status === 'A' || c.status === 'D') && (
          <Alert severity="info" sx={{ mb: 3 }}>
            {t('partners.needs_permission_answer')}
          </Alert>
        )}
      <Covered c={c} />
      {!choices && <LinearProgress aria-label={t('partners.loading_terms')} />}
      {choices && <Terms c={c} labels={labels} choices={choices} />}
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
  const contract = useContractView(id);
  return (
    <SettingsFrame
      title={t('partners.contract')}
      back={{ to: '/contract-details', label: t('partners.contracts_title') }}
    >
      {(contract.failed || !(id > 0)) && <Alert severity="warning">{t('partners.no_such_contract')}</Alert>}
      {!contract.data && !contract.failed && id > 0 && <LinearProgress aria-label={t('partners.loading_contract')} />}
      {contract.data && <ContractView c={contract.data} />}
    </SettingsFrame>
  );
}
