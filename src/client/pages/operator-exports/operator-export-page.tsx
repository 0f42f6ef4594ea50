import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { useSession } from '../../session/session';
import { isSheetLanguage } from '../../../shared/fact-sheet/languages';
import { ContentsCard } from './contents-card';
import { ExportHistory } from './export-history';
import { HotelsCard } from './hotels-card';
import { useOperatorExport } from './use-operator-export';

/** /toexportcentre: the operator's contracted hotels exported in bulk (one zip, built by a job), and the history. */
export function OperatorExportPage() {
  const user = useSession()?.user;
  const ex = useOperatorExport(isSheetLanguage(user?.language) ? user.language : 'en');
  if (user && user.accountType !== 'to')
    return (
      <Alert severity="info">The operators’ Export Center exports the hotels a tour operator’s contracts cover.</Alert>
    );
  if (user && typeof user.manager === 'number')
    return <Alert severity="info">Only the account owner can export hotels.</Alert>;
  return (
    <Box
      sx={{ maxWidth: 1300, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
      data-testid="operator-export-centre"
    >
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        Export Center
      </Typography>
      <HotelsCard ex={ex} />
      <ContentsCard ex={ex} />
      <SectionCard title="Exports">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Each export is one zip file, kept for 7 days. Each hotel whose fact sheet you export is told so.
        </Typography>
        <ExportHistory />
      </SectionCard>
    </Box>
  );
}
