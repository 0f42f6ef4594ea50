/** The contract's moves as buttons, one builder per move, apart from the view that shows the contract. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { OptionLabels } from '../../engine/data/options';
import { useT, type Translate } from '../../i18n';
import { useSession } from '../../session/session';
import { HOTEL_CAPS } from '../../../shared/generated/value-lists';
import type { ContractWire } from '../../../shared/generated/wire-types';
import { AcceptCaps, type Caps } from './accept-caps';
import type { Confirmation } from './confirm-dialog';
import { useContractLabels } from './partners-api';
import { useContractCalls } from './use-contract-view';

type Action = ContractWire['actions'][number];

interface ActionButton {
  label: string;
  variant?: 'contained' | 'outlined';
  color?: 'error' | 'success';
  onClick(): void;
}

/** What every move's button needs to know of the contract and the viewer. */
interface MoveContext {
  c: ContractWire;
  partner: string;
  /** The viewer is the hotel (its caps go with its acceptance). */
  hotel: boolean;
  labels: OptionLabels;
  /** The move is on an amendment of terms in force (the terms stay if it fails). */
  amendment: boolean;
  calls: ReturnType<typeof useContractCalls>;
  onAsk(a: Confirmation): void;
  t: Translate;
}

function acceptButton({ c, partner, hotel, labels, amendment, calls, onAsk, t }: MoveContext): ActionButton {
  // The hotel chooses its caps as it accepts; they go with the acceptance.
  const initialCaps = Object.fromEntries(HOTEL_CAPS.map((cap) => [cap, c[cap]])) as Caps;
  return {
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
        run: () => calls.edit({ status: 'A', ...(hotel ? chosen.caps : {}) }),
      });
    },
  };
}

function cancelButton({ c, partner, calls, onAsk, t }: MoveContext): ActionButton {
  const notice =
    (c.accepted?.notice_period ?? 0) > 0
      ? t('partners.notice_period', { count: c.accepted?.notice_period ?? 0 })
      : t('partners.no_notice_period');
  return {
    label: t('partners.cancel_contract'),
    color: 'error',
    onClick: () =>
      onAsk({
        title: t('partners.cancel_question', { partner }),
        text: notice,
        confirm: t('partners.cancel_contract'),
        color: 'error',
        run: () => calls.edit({ status: 'X' }),
      }),
  };
}

/** Each move's button, in the order the server lists the moves. */
const BUTTONS: Record<Action, (x: MoveContext) => ActionButton> = {
  accept: acceptButton,
  reject: ({ c, partner, amendment, calls, onAsk, t }) => ({
    label: amendment ? t('partners.reject_amendment') : t('partners.reject'),
    color: 'error',
    onClick: () =>
      onAsk({
        title: t('partners.reject_question', { version: c.version }),
        text: amendment ? t('partners.terms_stay') : t('partners.reject_text', { partner }),
        confirm: t('partners.reject'),
        color: 'error',
        run: () => calls.edit({ status: 'R' }),
      }),
  }),
  counter: ({ calls, t }) => ({ label: t('partners.counter_propose'), onClick: calls.openForm }),
  amend: ({ calls, t }) => ({ label: t('partners.propose_amendment'), onClick: calls.openForm }),
  withdraw: ({ c, amendment, calls, onAsk, t }) => ({
    label: amendment ? t('partners.withdraw_amendment') : t('partners.withdraw_proposal'),
    onClick: () =>
      onAsk({
        title: t('partners.withdraw_question', { version: c.version }),
        text: amendment ? t('partners.terms_stay') : t('partners.withdraw_text'),
        confirm: t('partners.withdraw'),
        run: () => calls.edit({ status: amendment ? 'A' : 'X' }),
      }),
  }),
  cancel: cancelButton,
  send: ({ partner, calls, onAsk, t }) => ({
    label: t('partners.send_proposal'),
    variant: 'contained',
    onClick: () =>
      onAsk({
        title: t('partners.send_question', { partner }),
        text: t('partners.send_text', { partner }),
        confirm: t('partners.send_proposal'),
        run: () => calls.edit({ status: 'P' }),
      }),
  }),
  save: ({ calls, t }) => ({ label: t('partners.edit_draft'), onClick: calls.openForm }),
  delete: ({ calls, onAsk, t }) => ({
    label: t('partners.delete_draft'),
    color: 'error',
    onClick: () =>
      onAsk({
        title: t('partners.delete_question'),
        text: t('partners.delete_text'),
        confirm: t('partners.delete_draft'),
        color: 'error',
        run: calls.remove,
      }),
  }),
};

/** The moves open to the viewer, each asking first. */
export function Actions({ c, partner, onAsk }: { c: ContractWire; partner: string; onAsk(a: Confirmation): void }) {
  const t = useT();
  const hotel = useSession()?.user.accountType !== 'to';
  const labels = useContractLabels();
  const calls = useContractCalls(c);
  const amendment = c.accepted_version !== null && c.in_force;
  const context: MoveContext = { c, partner, hotel, labels, amendment, calls, onAsk, t };
  // A move this client does not know yet gets no button, as before.
  const buttons = c.actions.filter((a) => a in BUTTONS).map((action) => ({ key: action, ...BUTTONS[action](context) }));
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
