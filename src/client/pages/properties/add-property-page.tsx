import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PropertyForm } from './property-form';
import { PropertyList } from './property-list';
import { DeletePropertyDialog } from './delete-property-dialog';
import { useAddProperty } from './use-add-property';
import { useT } from '../../i18n';

/** /add-property: add a property, and edit or delete the account's properties. */
export function AddPropertyPage() {
  const page = useAddProperty();
  const { editing, setEditing, allowed } = page;
  const t = useT();
  if (!page.access) return <LinearProgress aria-label={t('properties.loading')} />;
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
            key={editing ? `edit-${editing.id}` : `new-${page.formKey}`}
            property={editing ?? undefined}
            onDone={(p) => page.saved(p, !editing)}
            onCancel={editing ? () => setEditing(null) : undefined}
          />
        </Paper>
      ) : (
        <Alert severity="info">{t('properties.read_only')}</Alert>
      )}
      <PropertyList properties={page.properties} allowed={allowed} onEdit={setEditing} onDelete={page.setDeleting} />
      <DeletePropertyDialog
        property={page.deleting}
        onClose={() => page.setDeleting(null)}
        onDelete={(p) => void page.remove(p)}
      />
    </Box>
  );
}
