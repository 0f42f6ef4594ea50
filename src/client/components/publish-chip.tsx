import Chip, { type ChipProps } from '@mui/material/Chip';
import type { PropertyWire } from '../../shared/generated/wire-types';
import type { MessageKey } from '../../shared/i18n/messages';
import { useFormat, useT } from '../i18n';

export type Publishable = Pick<PropertyWire, 'publish_date' | 'publish_state'>;
type State = NonNullable<Publishable['publish_state']>;

/** How each publish state looks: its words and its colour. */
const LOOKS: Record<State, { label: MessageKey; color: ChipProps['color']; variant: ChipProps['variant'] }> = {
  published: { label: 'components.publish_live', color: 'success', variant: 'filled' },
  changed: { label: 'components.publish_changed', color: 'warning', variant: 'outlined' },
  draft: { label: 'components.publish_none', color: 'default', variant: 'filled' },
};

/**
 * Where a property's facts stand with its partners: live (and since when), live with saved changes
 * they do not see yet, or not yet published. The server's publish state decides (the portfolio
 * and the dashboard say the same).
 */
export function PublishChip({ property }: { property: Publishable }) {
  const t = useT();
  const format = useFormat();
  const state: State = property.publish_state ?? 'draft';
  const look = LOOKS[state];
  const since =
    state !== 'draft' && property.publish_date
      ? t('components.publish_since', { when: format.dateTime(property.publish_date) })
      : undefined;
  return (
    <Chip
      size="small"
      color={look.color}
      variant={look.variant}
      label={t(look.label)}
      title={since}
      data-testid="publish-state"
      data-state={state}
    />
  );
}
