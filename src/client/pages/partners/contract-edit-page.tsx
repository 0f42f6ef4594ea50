import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ApiFailure } from '../../api/errors';
import type { Choice } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import type { FormSession } from '../../engine/views/form-session';
import { useT, type Translate } from '../../i18n';
import { useSession } from '../../session/session';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useAbilities } from '../../session/use-can';
import type { ContractFormWire, ContractTermsWire, ContractWire } from '../../../shared/generated/wire-types';
import { SettingsFrame } from '../../components/settings-frame';
import { ConfirmDialog, type Confirmation } from './confirm-dialog';
import { OPERATOR_TERM_FIELDS, TERM_FIELDS, useTermsSession } from './contract-terms';
import { useContractEdit, useProposalSends, type Mode } from './use-contract-edit';
import { useMove } from './use-move';

const TITLES: Record<Mode, MessageKey> = {
  new: 'partners.propose',
  draft: 'partners.draft_contract',
  counter: 'partners.kind_counter',
  amend: 'partners.propose_amendment',
};

/** A refused save: a 400's messages at their fields (the flat `error` copy left out), anything else above the form. */
function showRefusal(session: FormSession, error: unknown): void {
  if (error instanceof ApiFailure && error.status === 400 && error.body && typeof error.body === 'object') {
    const { error: _flat, ...fields } = error.body as Record<string, unknown>;
    session.failed(new ApiFailure(400, fields));
  }
}

interface FormProps {
  mode: Mode;
  partnerName: string;
  partner: number;
  contract?: ContractWire;
  terms?: Partial<ContractTermsWire>;
  choices: readonly Choice[];
}

type Send = (body: ContractFormWire) => Promise<{ id: number }>;

/** A save button of the form: what it asks first (null: the draft's own question) and the save it makes. */
interface Submit {
  label: string;
  contained?: boolean;
  ask: Omit<Confirmation, 'run'> | null;
  send: Send;
}

/** The save buttons each mode offers, in their order (the counter, the amendment and the draft need their contract). */
function submitsOf(
  mode: Mode,
  contract: ContractWire | undefined,
  partnerName: string,
  sends: ReturnType<typeof useProposalSends>,
  t: Translate,
): Submit[] {
  const sendAsk = {
    title: t('partners.send_question', { partner: partnerName }),
    text: t('partners.send_text', { partner: partnerName }),
    confirm: t('partners.send_proposal'),
  };
  if (mode === 'new')
    return [
      { label: t('partners.send_proposal'), contained: true, ask: sendAsk, send: sends.create('P') },
      { label: t('partners.save_as_draft'), ask: null, send: sends.create('D') },
    ];
  if (!contract) return [];
  if (mode === 'draft')
    return [
      { label: t('partners.send_proposal'), contained: true, ask: sendAsk, send: sends.edit(contract, 'P') },
      // Status D says "keep it a draft": the one edit that needs no fresh proof (routes.json stepUp).
      { label: t('partners.save_draft'), ask: null, send: sends.edit(contract, 'D') },
    ];
  const next = { version: contract.version + 1, partner: partnerName };
  if (mode === 'counter')
    return [
      {
        label: t('partners.send_counter'),
        contained: true,
        ask: {
          title: t('partners.counter_question', { partner: partnerName }),
          text: t('partners.counter_text', next),
          confirm: t('partners.send_counter'),
        },
        send: sends.edit(contract, 'C'),
      },
    ];
  return [
    {
      label: t('partners.propose_amendment_short'),
      contained: true,
      ask: {
        title: t('partners.amend_question', { partner: partnerName }),
        text: t('partners.amend_text', next),
        confirm: t('partners.propose_amendment_short'),
      },
      send: sends.amend(contract),
    },
  ];
}

function ProposalForm({ mode, partnerName, partner, contract, terms, choices }: FormProps) {
  const t = useT();
  const navigate = useNavigate();
  // The hotel's caps are the hotel's to choose: an operator's form leaves them out (the contract view shows them).
  const operator = useSession()?.user.accountType === 'to';
  const { session, labels } = useTermsSession(terms, choices, operator);
  const move = useMove();
  const sends = useProposalSends(partner, contract);
  /** Check the form, then ask to confirm (or save at once), then go to the contract. */
  const submit = (confirmation: Omit<Confirmation, 'run'> | null, send: Send) => {
    const body = session.body(operator ? OPERATOR_TERM_FIELDS : TERM_FIELDS);
    if (!body) return;
    const run = async () => {
      try {
        const answer = await send(body);
        navigate(`/contract-view/${answer.id}`);
      } catch (e) {
        showRefusal(session, e);
        throw e;
      }
    };
    move.open({
      ...(confirmation ?? {
        title: t('partners.save_draft_question'),
        text: t('partners.save_draft_text', { partner: partnerName }),
        confirm: t('partners.save_draft'),
      }),
      run,
    });
  };
  return (
    <>
      <DefinitionForm session={session} idPrefix="contract" labels={labels} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {submitsOf(mode, contract, partnerName, sends, t).map((s, i) => (
          <Button key={i} variant={s.contained ? 'contained' : undefined} onClick={() => submit(s.ask, s.send)}>
            {s.label}
          </Button>
        ))}
        <Button component={RouterLink} to={contract ? `/contract-view/${contract.id}` : '/partners'}>
          {t('partners.cancel')}
        </Button>
      </Box>
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

/** Why there is no form: the contract cannot be changed now, or the user may not. */
function NoForm({ id, mode }: { id: number; mode: Mode | null }) {
  const t = useT();
  const abilities = useAbilities();
  if (!abilities?.can('partner_connections')) return <Alert severity="info">{t('partners.needs_permission')}</Alert>;
  if (mode !== null) return null;
  return (
    <Alert severity="info">
      {t('partners.cannot_change')} <RouterLink to={`/contract-view/${id}`}>{t('partners.see_contract')}</RouterLink>
    </Alert>
  );
}

/** /contract-edit?partner={id} (a new proposal) or ?id={contract} (a draft, a counter-proposal, an amendment): the engine's contract form. */
export function ContractEditPage() {
  const t = useT();
  const abilities = useAbilities();
  const { id, operator, contract, partner, partnerName, choices, mode, terms, wrongType, failed, ready } =
    useContractEdit();
  return (
    <SettingsFrame
      title={mode ? t(TITLES[mode]) : t('partners.contract')}
      intro={partnerName ? t('partners.with_partner', { partner: partnerName }) : undefined}
      back={
        id
          ? { to: `/contract-view/${id}`, label: t('partners.the_contract') }
          : { to: '/partners', label: t('partners.title') }
      }
    >
      {failed && (
        <Alert severity="warning">
          {wrongType
            ? t('partners.wrong_type', { partner: partnerName, type: operator ? 'to' : 'hotel' })
            : t('partners.no_such_partner')}
        </Alert>
      )}
      {!failed && !ready && <LinearProgress aria-label={t('partners.loading_form')} />}
      {ready && <NoForm id={id} mode={mode} />}
      {ready && abilities?.can('partner_connections') && mode !== null && (
        <>
          {mode === 'amend' && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('partners.amend_intro', {
                version: contract?.accepted_version ?? contract?.version ?? 1,
                partner: partnerName,
              })}
            </Typography>
          )}
          <ProposalForm
            key={`${id}-${contract?.revision ?? 0}`}
            mode={mode}
            partnerName={partnerName}
            partner={partner}
            contract={contract}
            terms={terms}
            choices={choices}
          />
        </>
      )}
    </SettingsFrame>
  );
}
