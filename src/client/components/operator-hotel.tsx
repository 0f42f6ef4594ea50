import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/**
 * A hotel's property its hotel never published, in a tour operator's lists: the operator has no
 * facts of it yet, no fact sheet, and an export leaves it out (issue 38 §1). Words an operator
 * reads as "not live yet" rather than the hotel's own "draft".
 */
export function NotPublishedChip() {
  const t = useT();
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={t('operator.draft')}
      title={t('operator.draft_hint')}
      data-testid="not-published"
    />
  );
}

/**
 * A hotel as an operator's lists name it: by the operator's override of the hotel name where it
 * has one (the name on its fact sheet and in its exports), the hotel's own name under it.
 */
export function OperatorHotelName({ name, ownName }: { name: ReactNode; ownName: string | null }) {
  const t = useT();
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <span>{name}</span>
      {ownName !== null && (
        <Typography component="span" variant="caption" color="text.secondary" data-testid="hotel-own-name">
          {t('operator.hotel_own_name', { name: ownName })}
        </Typography>
      )}
    </Box>
  );
}
