import Chip from '@mui/material/Chip';
import type { PropertyWire } from '../../shared/generated/wire-types';
import { useFormat, useT } from '../i18n';

export type Publishable = Pick<PropertyWire, 'publish_date' | 'publish_state'>;

/**
 * Where a property's facts stand with its partners: live (and since when), live with saved changes
 * they do not see yet, or not yet published. The server's publish state decides (the portfolio
 * and the dashboard say the same).
 */
export function PublishChip({ property }: { property: Publishable }) {
  const t = useT();
  const format = useFormat();
  const since = property.publish_date
    ? t('components.publish_since', { when: format.dateTime(property.publish_date) })
    : undefined;
  switch (property.publish_state) {
    case 'published':
      return (
        <Chip
          size="small"
          color="success"
          label={t('components.publish_live')}
          title={since}
          data-testid="publish-state"
          data-state="published"
        />
      );
    case 'changed':
      return (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          label={t('components.publish_changed')}
          title={since}
          data-testid="publish-state"
          data-state="changed"
        />
      );
    default:
      return <Chip size="small" label={t('components.publish_none')} data-testid="publish-state" data-state="draft" />;
  }
}
