import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LeaveGuard } from '../../components/leave-guard';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { usePropertyChoice } from '../../components/use-property-choice';
import { useT } from '../../i18n';
import { localDay } from './chart-model';
import { MonthNav } from './month-nav';
import { PartnerSyncPanel } from './partner-sync-panel';
import { StopSaleGrid } from './stop-sale-grid';
import { Legend } from './legend';
import { BulkDialog } from './bulk-dialog';
import { LateDialog } from './late-dialog';
import { Actions, Hint, StatePicker } from './chart-toolbar';
import { useChart } from './use-chart';

function Chart({
  hotel,
  hotelName,
  canEdit,
  canPublish,
}: {
  hotel: number;
  hotelName: string;
  canEdit: boolean;
  canPublish: boolean;
}) {
  const c = useChart(hotel, canEdit, hotelName);
  const t = useT();
  const { model } = c;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <MonthNav month={c.month} setMonth={c.setMonth} />
        <Box sx={{ flex: 1 }} />
        <Actions
          canPublish={canPublish}
          canEdit={canEdit}
          canUndo={model.canUndo}
          pending={model.pending}
          saving={c.saving}
          onGenerate={c.generate}
          onBulk={c.openBulk}
          onUndo={c.undo}
          onSave={c.save}
        />
      </Box>
      {canEdit && <StatePicker paint={c.paint} setPaint={c.setPaint} />}
      <Box sx={{ mb: 1.5 }}>
        <Legend />
      </Box>
      {c.loading && <LinearProgress aria-label={t('stop-sale.loading')} sx={{ mb: 1 }} />}
      {c.chart && !c.rooms.length && <Alert severity="info">{t('stop-sale.no_rooms')}</Alert>}
      {c.rooms.length > 0 && (
        <StopSaleGrid
          month={c.month}
          rooms={c.rooms}
          states={model}
          version={c.version}
          today={localDay()}
          readOnly={!canEdit}
          onPaint={c.onPaint}
          onKeyState={c.onKeyState}
        />
      )}
      {canEdit && <Hint pending={model.pending} />}
      <PartnerSyncPanel hotel={hotel} />
      {c.late && <LateDialog late={c.late} hours={c.deadline} onCancel={c.cancelLate} onSave={c.saveAnyway} />}
      {c.bulk && (
        <BulkDialog
          hotel={hotel}
          rooms={c.rooms}
          month={c.month}
          deadlineDay={c.bulkDeadlineDay}
          onClose={c.closeBulk}
        />
      )}
      <LeaveGuard dirty={() => model.pending} message={t('stop-sale.leave_unsaved')} />
    </Box>
  );
}

/** /property-stopsale: the availability chart of a property, room by room and day by day. */
export function StopSalePage() {
  const user = useSession()?.user;
  const abilities = useAbilities();
  // Opens on the last used, else the first published, else the first with rooms (issue 38 §3).
  const { properties, list, property: hotel, choose } = usePropertyChoice('stop-sale', { rooms: true });
  const t = useT();
  if (user?.accountType !== 'accommodation') return <Alert severity="info">{t('stop-sale.accommodation_only')}</Alert>;
  const canEdit = abilities?.can('stop_sales') ?? false;
  return (
    <Box sx={{ maxWidth: 1400, mx: 'auto' }} data-testid="stop-sale">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        {t('stop-sale.title')}
      </Typography>
      {properties.isError && <Alert severity="error">{t('stop-sale.properties_failed')}</Alert>}
      {hotel === undefined && !properties.isError && <LinearProgress aria-label={t('stop-sale.loading_properties')} />}
      {properties.data && !list.length && <Alert severity="info">{t('stop-sale.no_properties')}</Alert>}
      {!canEdit && abilities && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('stop-sale.read_only')}
        </Alert>
      )}
      {hotel != null && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <TextField
            select
            label={t('stop-sale.property')}
            value={hotel}
            onChange={(e) => choose(Number(e.target.value))}
            sx={{ minWidth: 320, mb: 2 }}
          >
            {list.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.hotel_name}
              </MenuItem>
            ))}
          </TextField>
          {/* Keyed by hotel: changing hotel forgets the loaded months (spec 000 §4). */}
          <Chart
            key={hotel}
            hotel={hotel}
            hotelName={list.find((p) => p.id === hotel)?.hotel_name ?? ''}
            canEdit={canEdit}
            canPublish={abilities?.can('stop_sale_publishing') ?? false}
          />
        </Paper>
      )}
    </Box>
  );
}
