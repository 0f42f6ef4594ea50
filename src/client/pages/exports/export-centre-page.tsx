import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../components/section-card';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { usePreferences } from '../../session/use-preferences';
import { isSheetLanguage } from '../../../shared/fact-sheet/languages';
import { useProperties } from '../../api/properties';
import { ChartCard, GroupCard, PhotosCard, SheetCard } from './export-sections';
import { SendHistory } from './send-history';
import { useExports } from './use-exports';

function Exports({ property, language, layout }: { property: number; language: string; layout: string }) {
  const abilities = useAbilities();
  const ex = useExports(property, { language, layout });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
      {ex.busy && (
        <LinearProgress
          aria-label="Working"
          variant={ex.progress === undefined ? 'indeterminate' : 'determinate'}
          value={(ex.progress ?? 0) * 100}
        />
      )}
      <GroupCard ex={ex} canManageGroups={abilities?.can('stop_sale_contact_list') ?? false} />
      <SheetCard ex={ex} />
      <PhotosCard ex={ex} />
      <ChartCard ex={ex} canPublishChart={abilities?.can('stop_sale_publishing') ?? false} />
      <SectionCard title="Sent">
        <SendHistory property={property} />
      </SectionCard>
    </Box>
  );
}

/** /exportcentre: download or send a property's fact sheet and photos; the history of sends. */
export function ExportCentrePage() {
  const user = useSession()?.user;
  const abilities = useAbilities();
  const properties = useProperties();
  const preferences = usePreferences();
  const [chosen, setChosen] = useState<number | null>(null);
  if (user?.accountType !== 'accommodation')
    return (
      <Alert severity="info">
        The Export Center of an accommodation account sends its properties’ facts and photos.
      </Alert>
    );
  if (abilities && !abilities.can('properties'))
    return <Alert severity="info">The Export Center needs the “properties” permission. Ask your account owner.</Alert>;
  const list = properties.data ?? [];
  const property = chosen ?? list[0]?.id ?? null;
  const language = isSheetLanguage(user.language) ? user.language : 'en';
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="export-centre">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Export Center
      </Typography>
      {(properties.isError || preferences.isError) && (
        <Alert severity="error">The properties could not be loaded. Reload the page to try again.</Alert>
      )}
      {(!properties.data || !preferences.data) && !properties.isError && !preferences.isError && (
        <LinearProgress aria-label="Loading properties" />
      )}
      {properties.data && !list.length && (
        <Alert severity="info">Add a property first; its fact sheet and photos are exported from here.</Alert>
      )}
      {preferences.data && property !== null && (
        <>
          <TextField
            select
            label="Property"
            value={property}
            onChange={(e) => setChosen(Number(e.target.value))}
            sx={{ minWidth: 320, mb: 2 }}
          >
            {list.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.publish_date ? p.hotel_name : `${p.hotel_name} (not published)`}
              </MenuItem>
            ))}
          </TextField>
          <Exports key={property} property={property} language={language} layout={preferences.data.pdf_layout ?? ''} />
        </>
      )}
    </Box>
  );
}
