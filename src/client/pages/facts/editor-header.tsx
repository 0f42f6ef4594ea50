import { useSyncExternalStore } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { PublishChip, type Publishable } from '../../components/publish-chip';
import type { EditorSession } from './editor-session';
import { useT } from '../../i18n';

interface Props {
  title: string;
  property: Publishable | undefined;
  session: EditorSession;
  busy: boolean;
  onSave?: () => void;
  onPublish?: () => void;
  children?: React.ReactNode;
}

/** The property, its publish state, whether anything is unsaved, and the save buttons. */
export function EditorHeader({ title, property, session, busy, onSave, onPublish, children }: Props) {
  const dirty = useSyncExternalStore(session.subscribe, () => session.anyDirty());
  const t = useT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mr: 1 }}>
        {title}
      </Typography>
      {property && <PublishChip property={property} />}
      {dirty && (
        <Chip size="small" variant="outlined" color="warning" label={t('facts.unsaved')} data-testid="unsaved" />
      )}
      <Box sx={{ flex: 1 }} />
      {children}
      {onSave && (
        <Button variant="outlined" onClick={onSave} disabled={busy}>
          {t('facts.save')}
        </Button>
      )}
      {onPublish && (
        <Button variant="contained" onClick={onPublish} disabled={busy}>
          {t('facts.save_publish')}
        </Button>
      )}
      {session.readOnly && (
        <Typography color="text.secondary" variant="body2" sx={{ width: '100%' }}>
          {t('facts.read_only')}
        </Typography>
      )}
    </Box>
  );
}
