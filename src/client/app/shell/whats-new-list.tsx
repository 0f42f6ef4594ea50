import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { FeatureUpdateItem } from './feature-update-item';
import { useFeatureUpdates } from './use-feature-updates';

/** The 'What's new' modal's list: newest first, each with date, category badge, header, body. */
export function WhatsNewList() {
  const { data, isPending, isError } = useFeatureUpdates();
  if (isPending) return <CircularProgress size={24} aria-label="Loading" />;
  if (isError)
    return <Alert severity="warning">The list of new features could not be loaded. Please try again later.</Alert>;
  if (!data.length) return <Typography color="text.secondary">Nothing new yet.</Typography>;
  return data.map((u, i) => (
    <div key={u.id ?? i}>
      {i > 0 && <Divider />}
      <FeatureUpdateItem update={u} />
    </div>
  ));
}
