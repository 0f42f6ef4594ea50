import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Conflict } from '../data/controller';
import { Isolate, RichText, useFormat, useT } from '../../i18n';
import type { MessageKey } from '../../../shared/i18n/messages';

/** A 409: who changed the section and when; reload theirs, or keep mine and save over it. */
export function ConflictDialog({
  title,
  conflict,
  onChoose,
}: {
  title: string;
  conflict?: Conflict;
  onChoose(choice: 'reload' | 'keep'): void;
}) {
  const who = conflict?.updatedBy;
  const t = useT();
  const format = useFormat();
  const saved: MessageKey = who ? 'engine.conflict_saved' : 'engine.conflict_saved_someone';
  const at = conflict?.updatedAt && !Number.isNaN(Date.parse(conflict.updatedAt)) ? conflict.updatedAt : undefined;
  return (
    <Dialog open={!!conflict} aria-labelledby="conflict-title" maxWidth="sm" fullWidth>
      <DialogTitle id="conflict-title">{t('engine.conflict_title', { title })}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom data-testid="conflict-who">
          {/* The e-mail isolated inside the sentence: it reads left to right on a right-to-left page. */}
          <RichText
            k={saved}
            values={{
              who: who ? (
                <>
                  {who.name} (<Isolate>{who.email}</Isolate>)
                </>
              ) : (
                ''
              ),
              title,
              when: at ? format.dateTime(at) : '',
              dated: at ? 'yes' : 'no',
            }}
          />
        </Typography>
        <Typography color="text.secondary">{t('engine.conflict_explain')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onChoose('reload')}>{t('engine.conflict_reload')}</Button>
        <Button onClick={() => onChoose('keep')} variant="contained">
          {t('engine.conflict_keep')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
