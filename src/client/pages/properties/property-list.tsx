import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PublishChip } from '../../components/publish-chip';
import { useCountryName } from '../../components/property-table';
import { useT } from '../../i18n';
import type { Property } from './types';

interface RowProps {
  property: Property;
  /** Whether the user may edit and delete (the buttons show only then). */
  allowed: boolean;
  onEdit(p: Property): void;
  onDelete(p: Property): void;
}

/** One of the account's properties: its logo, name, place and publish state, and what can be done with it. */
function PropertyRow({ property: p, allowed, onEdit, onDelete }: RowProps) {
  const t = useT();
  const country = useCountryName();
  return (
    <Box
      // The buttons move under the name when the row is narrow, rather than squeezing the name to a
      // word a line with the publish chip drawn over it.
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 0.5,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
      data-testid="property-item"
    >
      {p.hotel_logo ? (
        <img src={p.hotel_logo} alt="" width={40} height={40} style={{ objectFit: 'contain' }} />
      ) : (
        <Box sx={{ width: 40 }} />
      )}
      <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="property-item-name">
          {p.hotel_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {[p.city, country(p.country)].filter(Boolean).join(', ')}
        </Typography>
        <Box sx={{ mt: 0.5 }}>
          <PublishChip property={p} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', marginInlineStart: 'auto' }}>
        <Button size="small" component={RouterLink} to={`/property/${p.id}/general`}>
          {t('properties.facts')}
        </Button>
        {allowed && (
          <>
            <Button
              size="small"
              onClick={() => onEdit(p)}
              aria-label={t('properties.edit_named', { name: p.hotel_name })}
            >
              {t('properties.edit')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={() => onDelete(p)}
              aria-label={t('properties.delete_named', { name: p.hotel_name })}
            >
              {t('properties.delete')}
            </Button>
          </>
        )}
      </Box>
    </Box>
  );
}

/** The account's properties, listed beside the form on /add-property. */
export function PropertyList({ properties, ...actions }: Omit<RowProps, 'property'> & { properties?: Property[] }) {
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={t('properties.yours')}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('properties.yours')}
      </Typography>
      {!properties && <LinearProgress aria-label={t('properties.loading_list')} />}
      {properties?.length === 0 && <Typography color="text.secondary">{t('properties.none')}</Typography>}
      {properties?.map((p) => (
        <PropertyRow key={p.id} property={p} {...actions} />
      ))}
    </Paper>
  );
}
