import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { PublishChip } from '../../components/publish-chip';
import { TABS, useFactsAccess } from '../facts/index';
import { factsKeys, useProperties } from '../../api/properties';
import { deleteProperty } from './property-api';
import { portfolioKey } from '../../api/portfolio';
import { PropertyForm } from './property-form';
import type { Property } from './types';
import { useT } from '../../i18n';
import { useCountryName } from '../../components/property-table';

/** /add-property: add a property, and edit or delete the account's properties. */
export function AddPropertyPage() {
  const access = useFactsAccess();
  const { data } = useProperties();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const country = useCountryName();
  const [editing, setEditing] = useState<Property | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const allowed = access?.properties === true;
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: factsKeys.properties }),
      queryClient.invalidateQueries({ queryKey: portfolioKey }),
    ]);

  const navigate = useNavigate();
  const saved = (p: Property, added: boolean) => {
    enqueueSnackbar(t(added ? 'properties.added' : 'properties.saved', { name: p.hotel_name }), { variant: 'success' });
    // A new property's next step is its facts: straight into its editor's first tab.
    if (!editing) {
      void refresh();
      navigate(`/property/${p.id}/${TABS[0]!.key}`);
      return;
    }
    setEditing(null);
    setFormKey((k) => k + 1);
    void refresh();
  };
  const remove = async (p: Property) => {
    setDeleting(null);
    try {
      await deleteProperty(p.id);
      enqueueSnackbar(t('properties.deleted', { name: p.hotel_name }), { variant: 'success' });
      if (editing?.id === p.id) setEditing(null);
      void refresh();
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };

  if (!access) return <LinearProgress aria-label={t('properties.loading')} />;
  return (
    <Box
      sx={{
        maxWidth: 1100,
        mx: 'auto',
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: allowed ? 'repeat(2, minmax(0, 1fr))' : '1fr' },
        alignItems: 'start',
      }}
    >
      {allowed ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom sx={{ fontWeight: 600 }}>
            {editing ? t('properties.edit_named', { name: editing.hotel_name }) : t('properties.title')}
          </Typography>
          <PropertyForm
            key={editing ? `edit-${editing.id}` : `new-${formKey}`}
            property={editing ?? undefined}
            onDone={(p) => saved(p, !editing)}
            onCancel={editing ? () => setEditing(null) : undefined}
          />
        </Paper>
      ) : (
        <Alert severity="info">{t('properties.read_only')}</Alert>
      )}
      <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-label={t('properties.yours')}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('properties.yours')}
        </Typography>
        {!data && <LinearProgress aria-label={t('properties.loading_list')} />}
        {data?.length === 0 && <Typography color="text.secondary">{t('properties.none')}</Typography>}
        {data?.map((p) => (
          <Box
            key={p.id}
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
                    onClick={() => setEditing(p)}
                    aria-label={t('properties.edit_named', { name: p.hotel_name })}
                  >
                    {t('properties.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(p)}
                    aria-label={t('properties.delete_named', { name: p.hotel_name })}
                  >
                    {t('properties.delete')}
                  </Button>
                </>
              )}
            </Box>
          </Box>
        ))}
      </Paper>
      <Dialog open={!!deleting} onClose={() => setDeleting(null)} aria-labelledby="delete-property-title">
        <DialogTitle id="delete-property-title">
          {t('properties.delete_title', { name: deleting?.hotel_name ?? '' })}
        </DialogTitle>
        <DialogContent>
          <Typography>{t('properties.delete_explain')}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('properties.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => deleting && void remove(deleting)}>
            {t('properties.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
