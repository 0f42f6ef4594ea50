import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { FeatureUpdateItem } from '../../components/feature-update-item';
import { useFeatureUpdates } from '../../hooks/use-feature-updates';
import { useT } from '../../i18n';

/** The 'What's new' modal's list: newest first, each with date, category badge, header, body. */
export function WhatsNewList() {
  const { data, isPending, isError } = useFeatureUpdates();
  const t = useT();
  if (isPending) return <CircularProgress size={24} aria-label={t('common.loading')} />;
  if (isError) return <Alert severity="warning">{t('shell.whats_new_failed')}</Alert>;
  if (!data.length) return <Typography color="text.secondary">{t('shell.whats_new_empty')}</Typography>;
  return data.map((u, i) => (
    <div key={u.id ?? i}>
      {i > 0 && <Divider />}
      <FeatureUpdateItem update={u} />
    </div>
  ));
}
