import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FeatureUpdateItem } from '../../components/feature-update-item';
import { useFeatureUpdates } from '../../hooks/use-feature-updates';
import { useOpenWhatsNew } from '../../app/shell/whats-new';
import { useT } from '../../i18n';

const SHOWN = 2;

export function WhatsNewCard() {
  const { data } = useFeatureUpdates();
  const openAll = useOpenWhatsNew();
  const t = useT();
  const latest = (data ?? []).slice(0, SHOWN);
  return (
    <>
      {latest.length ? (
        latest.map((u, i) => <FeatureUpdateItem key={u.id ?? i} update={u} />)
      ) : (
        <Typography color="text.secondary" variant="body2">
          {t('dashboard.nothing_new')}
        </Typography>
      )}
      {(data?.length ?? 0) > 0 && (
        <Button size="small" onClick={openAll}>
          {t('dashboard.see_all')}
        </Button>
      )}
    </>
  );
}
