import Chip from '@mui/material/Chip';
import type { OptionLabels } from '../../engine/data/options';
import { useT, type Translate } from '../../i18n';
import { CONTRACT_STATUSES } from '../../../shared/generated/value-lists';

type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** Each status's chip colour and label: option list contractStatus (meaning.chip, label). */
const COLORS: Record<string, ChipColor> = {
  None: 'default',
  ...Object.fromEntries(CONTRACT_STATUSES.map((s) => [s.value, s.chip])),
};
const WORDS: Record<string, string> = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s.value, s.label]));

/** The words of a contract status (the contractStatus list, in the user's language; None: not connected). */
export function statusWord(status: string, labels: OptionLabels, t: Translate): string {
  if (status === 'None') return t('partners.not_connected');
  return labels.get('contractStatus')?.get(status) ?? WORDS[status] ?? status;
}

/** A contract's status as a coloured chip. */
export function StatusChip({
  status,
  labels,
  size = 'small',
}: {
  status: string;
  labels: OptionLabels;
  size?: 'small' | 'medium';
}) {
  const t = useT();
  return (
    <Chip
      size={size}
      color={COLORS[status] ?? 'default'}
      variant={status === 'None' ? 'outlined' : 'filled'}
      label={statusWord(status, labels, t)}
      data-status={status}
    />
  );
}

/** Whose move it is, from the viewer's account. */
export function turnText(turn: number | null, accountId: number | undefined, t: Translate): string {
  if (turn === null) return '';
  return turn === accountId ? t('partners.waiting_on_you') : t('partners.waiting_on_partner');
}
