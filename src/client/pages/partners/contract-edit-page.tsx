import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { ApiFailure } from '../../api/errors';
import type { Choice } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import type { FormSession } from '../../engine/views/form-session';
import { useT } from '../../i18n';
import { useSession } from '../../session/session';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useAbilities } from '../../session/use-can';
import type { ContractFormWire, ContractTermsWire, ContractWire } from '../../../shared/generated/wire-types';
import { useProperties } from '../../api/properties';
import { SettingsFrame } from '../../components/settings-frame';
import { ConfirmDialog, type Confirmation } from './confirm-dialog';
import { OPERATOR_TERM_FIELDS, propertyChoices, termsOf, TERM_FIELDS, useTermsSession } from './contract-terms';
import { usePreferences } from '../../session/use-preferences';
import {
  companyLabel,
  createContract,
  editContract,
  newContractVersion,
  useContract,
  useHotelProperties,
  usePortfolio,
} from './partners-api';
import { useMove } from './use-move';

type Mode = 'new' | 'draft' | 'counter' | 'amend';

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

function ProposalForm({ mode, partnerName, partner, contract, terms, choices }: FormProps) {
  const t = useT();
  const navigate = useNavigate();
  // The hotel's caps are the hotel's to choose: an operator's form leaves them out (the contract view shows them).
  const operator = useSession()?.user.accountType === 'to';
  const { session, labels } = useTermsSession(terms, choices, operator);
  const move = useMove();
  const seen = contract ? { version: contract.version, revision: contract.revision } : {};
  /** Check the form, then ask to confirm (or save at once), then go to the contract. */
  const submit = (
    confirmation: Omit<Confirmation, 'run'> | null,
    send: (body: ContractFormWire) => Promise<{ id: number }>,
  ) => {
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
  const sendNew = (status: 'D' | 'P') => (body: ContractFormWire) => createContract({ ...body, partner, status });
  return (
    <>
      <DefinitionForm session={session} idPrefix="contract" labels={labels} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {mode === 'new' && (
          <>
            <Button
              variant="contained"
              onClick={() =>
                submit(
                  {
                    title: t('partners.send_question', { partner: partnerName }),
                    text: t('partners.send_text', { partner: partnerName }),
                    confirm: t('partners.send_proposal'),
                  },
                  sendNew('P'),
                )
              }
            >
              {t('partners.send_proposal')}
            </Button>
            <Button onClick={() => submit(null, sendNew('D'))}>{t('partners.save_as_draft')}</Button>
          </>
        )}
        {mode === 'draft' && contract && (
          <>
            <Button
              variant="contained"
              onClick={() =>
                submit(
                  {
                    title: t('partners.send_question', { partner: partnerName }),
                    text: t('partners.send_text', { partner: partnerName }),
                    confirm: t('partners.send_proposal'),
                  },
                  (b) => editContract(contract.id, { ...b, status: 'P', ...seen }),
                )
              }
            >
              {t('partners.send_proposal')}
            </Button>
            {/* Status D says "keep it a draft": the one edit that needs no fresh proof (routes.json stepUp). */}
            <Button onClick={() => submit(null, (b) => editContract(contract.id, { ...b, status: 'D', ...seen }))}>
              {t('partners.save_draft')}
            </Button>
          </>
        )}
        {mode === 'counter' && contract && (
          <Button
            variant="contained"
            onClick={() =>
              submit(
                {
                  title: t('partners.counter_question', { partner: partnerName }),
                  text: t('partners.counter_text', { version: contract.version + 1, partner: partnerName }),
                  confirm: t('partners.send_counter'),
                },
                (b) => editContract(contract.id, { ...b, status: 'C', ...seen }),
              )
            }
          >
            {t('partners.send_counter')}
          </Button>
        )}
        {mode === 'amend' && contract && (
          <Button
            variant="contained"
            onClick={() =>
              submit(
                {
                  title: t('partners.amend_question', { partner: partnerName }),
                  text: t('partners.amend_text', { version: contract.version + 1, partner: partnerName }),
                  confirm: t('partners.propose_amendment_short'),
                },
                async (b) => (await newContractVersion(contract.id, { ...b, status: 'P', ...seen })).contract,
              )
            }
          >
            {t('partners.propose_amendment_short')}
          </Button>
        )}
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

function modeOf(contract: ContractWire | undefined): Mode | null {
  if (!contract) return 'new';
  if (contract.actions.includes('save')) return 'draft';
  if (contract.actions.includes('counter')) return 'counter';
  if (contract.actions.includes('amend')) return 'amend';
  return null;
}

/** /contract-edit?partner={id} (a new proposal) or ?id={contract} (a draft, a counter-proposal, an amendment): the engine's contract form. */
export function ContractEditPage() {
  const t = useT();
  const [search] = useSearchParams();
  const id = Number(search.get('id')) || 0;
  const operator = useSession()?.user.accountType === 'to';
  const abilities = useAbilities();
  const contract = useContract(id);
  const partner = id ? (contract.data?.partner ?? 0) : Number(search.get('partner')) || 0;
  const portfolio = usePortfolio(id ? 0 : partner);
  const hotel = operator ? (id ? (contract.data?.hotel ?? 0) : partner) : (abilities?.accountId ?? 0);
  const own = useProperties(!operator);
  // A hotel's new proposal starts its caps from the account preferences (only their default).
  const prefs = usePreferences();
  // A new proposal's partner must be a hotel before its properties are asked for.
  const theirs = useHotelProperties(hotel, operator && (id > 0 || portfolio.data?.account_type === 'accommodation'));
  const properties = operator ? theirs.data : own.data;
  const choices = useMemo(() => propertyChoices(properties), [properties]);
  const mode = modeOf(contract.data);
  const partnerName = contract.data
    ? companyLabel(contract.data.partner_info)
    : portfolio.data
      ? portfolio.data.name
      : '';
  // Hotels contract with tour operators, operators with hotels: anyone else is not a partner to propose to.
  const wrongType = !id && !!portfolio.data && portfolio.data.account_type === (operator ? 'to' : 'accommodation');
  const failed =
    (id ? contract.isError : portfolio.isError || partner === 0 || wrongType) ||
    (operator ? theirs.isError : own.isError);
  const ready = !failed && !!properties && (id ? !!contract.data : !!portfolio.data && (operator || !prefs.isPending));
  const capDefaults =
    !operator && !id && prefs.data
      ? {
          hotel_allows_overrides: prefs.data.partner_override_facts,
          hotel_moderation_cap: prefs.data.overriding_moderation,
        }
      : undefined;
  const terms = contract.data
    ? termsOf(mode === 'amend' ? (contract.data.accepted ?? contract.data) : contract.data)
    : capDefaults;
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
      {ready && !abilities?.can('partner_connections') && (
        <Alert severity="info">{t('partners.needs_permission')}</Alert>
      )}
      {ready && abilities?.can('partner_connections') && mode === null && (
        <Alert severity="info">
          {t('partners.cannot_change')}{' '}
          <RouterLink to={`/contract-view/${id}`}>{t('partners.see_contract')}</RouterLink>
        </Alert>
      )}
      {ready && abilities?.can('partner_connections') && mode !== null && (
        <>
          {mode === 'amend' && (
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('partners.amend_intro', {
                version: contract.data?.accepted_version ?? contract.data?.version ?? 1,
                partner: partnerName,
              })}
            </Typography>
          )}
          <ProposalForm
            key={`${id}-${contract.data?.revision ?? 0}`}
            mode={mode}
            partnerName={partnerName}
            partner={partner}
            contract={contract.data}
            terms={terms}
            choices={choices}
          />
        </>
      )}
    </SettingsFrame>
  );
}
