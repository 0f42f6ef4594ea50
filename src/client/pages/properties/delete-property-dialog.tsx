import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import type { Property } from './types';

/** Asks before a property is deleted (open while `property` is set). */
export function DeletePropertyDialog({
  property,
  onClose,
  onDelete,
}: {
  property: Property | null;
  onClose(): void;
  onDelete(p: Property): void;
}) {
  const t = useT();
  return (
    <Dialog open={!!property} onClose={onClose} aria-labelledby="delete-property-title">
      <DialogTitle id="delete-property-title">
        {t('properties.delete_title', { name: property?.hotel_name ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Typography>{t('properties.delete_explain')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('properties.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => property && onDelete(property)}>
          {t('properties.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
