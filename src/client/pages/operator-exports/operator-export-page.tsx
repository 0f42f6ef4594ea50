import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { useT } from '../../i18n';
import { useSession } from '../../session/session';
import { isLanguage } from '../../../shared/i18n/languages';
import { ContentsCard } from './contents-card';
import { ExportHistory } from './export-history';
import { HotelsCard } from './hotels-card';
import { useOperatorExport } from './use-operator-export';

/** /toexportcentre: the operator's contracted hotels exported in bulk (one zip, built by a job), and the history. */
export function OperatorExportPage() {
  const t = useT();
  const user = useSession()?.user;
  const ex = useOperatorExport(isLanguage(user?.language) ? user.language : 'en');
  if (user && user.accountType !== 'to') return <Alert severity="info">{t('operator-exports.operators_only')}</Alert>;
  if (user && typeof user.manager === 'number')
    return <Alert severity="info">{t('operator-exports.owner_only')}</Alert>;
  return (
    <Box
      sx={{ maxWidth: 1300, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      data-testid="operator-export-centre"
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        {t('operator-exports.title')}
      </Typography>
      <HotelsCard ex={ex} />
      <ContentsCard ex={ex} />
      <SectionCard title={t('operator-exports.exports')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('operator-exports.exports_intro', { days: 7 })}
        </Typography>
        <ExportHistory />
      </SectionCard>
    </Box>
  );
}
