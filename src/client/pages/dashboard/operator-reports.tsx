import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useFormat, useT } from '../../i18n';
import { BarChart } from './lazy-bar-chart';
import { Figure, Figures, ReportBlock } from '../../components/figures';
import { monthStart, useOperatorFeed, useOperatorReport } from './reports-api';
import { OperatorNextSteps } from '../next-steps/index';
import { NotPublishedChip, OperatorHotelName } from '../../components/operator-hotel';
import type { OperatorFeedWire, OperatorReportDataWire } from '../../../shared/generated/wire-types';

function OperatorFigures({ report }: { report: OperatorReportDataWire }) {
  const t = useT();
  const format = useFormat();
  const pending = report.overrides.find((o) => o.status === 'pending')?.total ?? 0;
  return (
    <Figures>
      <Figure value={format.number(report.hotels)} label={t('dashboard.contracted_hotels')} to="/partners" />
      <Figure value={format.number(report.properties)} label={t('dashboard.properties_you_reach')} to="/fact-sheet" />
      <Figure
        value={format.number(report.properties - report.mapped_properties)}
        label={t('dashboard.properties_not_mapped')}
        to="/mapping"
      />
      <Figure
        value={format.number(report.rooms.unmapped)}
        label={t('dashboard.rooms_not_mapped')}
        to="/mapping"
        hint={t('dashboard.rooms_mapped', { count: report.rooms.mapped })}
      />
      <Figure value={format.number(pending)} label={t('dashboard.overrides_awaiting')} to="/mapping" />
    </Figures>
  );
}

function FeedBlock({ feed }: { feed: OperatorFeedWire | undefined }) {
  const t = useT();
  const format = useFormat();
  return (
    <ReportBlock
      title={t('dashboard.latest_changes_title')}
      action={
        <Button component={RouterLink} to="/fact-sheet" size="small">
          {t('dashboard.fact_sheets')}
        </Button>
      }
    >
      {feed?.results.length ? (
        <List dense aria-label={t('dashboard.latest_changes')}>
          {feed.results.map((f) => (
            <ListItem key={`${f.property}-${f.at}`} disableGutters data-testid="feed-item">
              <ListItemText
                primary={
                  <Link component={RouterLink} to={f.link}>
                    {f.summary}
                  </Link>
                }
                secondary={`${f.property_name} · ${format.dateTime(f.at)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography color="text.secondary">{t('dashboard.no_changes')}</Typography>
      )}
    </ReportBlock>
  );
}

function MappingTable({ report }: { report: OperatorReportDataWire }) {
  const t = useT();
  const format = useFormat();
  return (
    <Table size="small" aria-label={t('dashboard.mapping_by_property')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('dashboard.property')}</TableCell>
          <TableCell>{t('dashboard.hotel')}</TableCell>
          <TableCell align="right">{t('dashboard.rooms_mapped_header')}</TableCell>
          <TableCell align="right">{t('dashboard.overrides_waiting')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.by_property.map((p) => (
          <TableRow key={p.property} data-testid="mapping-row">
            <TableCell>
              <OperatorHotelName
                name={
                  <span>
                    <Link component={RouterLink} to={p.link}>
                      {p.property_name}
                    </Link>
                    {p.mapped ? '' : ` ${t('dashboard.not_mapped')}`}
                  </span>
                }
                ownName={p.property_own_name}
              />
              {!p.published && (
                <Box component="span" sx={{ ml: 1 }}>
                  <NotPublishedChip />
                </Box>
              )}
            </TableCell>
            <TableCell>{p.company}</TableCell>
            <TableCell align="right">{t('dashboard.x_of_y', { done: p.mapped_rooms, total: p.rooms })}</TableCell>
            <TableCell align="right">{format.number(p.pending_overrides)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function MappingBlock({ report }: { report: OperatorReportDataWire }) {
  const t = useT();
  return (
    <ReportBlock
      title={t('dashboard.mapping_by_property')}
      action={
        <Button component={RouterLink} to="/mapping" size="small">
          {t('dashboard.data_mapping')}
        </Button>
      }
    >
      {/* Which name a row shows, as the operator's lists say it (issue 38 §1): only once it matters. */}
      {report.by_property.some((p) => p.property_own_name !== null) && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="names-note">
          {t('operator.names_note')}
        </Typography>
      )}
      {report.by_property.length ? (
        <MappingTable report={report} />
      ) : (
        <Typography color="text.secondary">{t('dashboard.no_contracted')}</Typography>
      )}
    </ReportBlock>
  );
}

function ExportsBlock({ report }: { report: OperatorReportDataWire }) {
  const t = useT();
  const format = useFormat();
  return (
    <ReportBlock
      title={t('dashboard.exports_per_month')}
      action={
        <Button component={RouterLink} to="/toexportcentre" size="small">
          {t('dashboard.export_center')}
        </Button>
      }
    >
      <BarChart
        series={[
          {
            key: 'exports',
            label: t('dashboard.series_exports'),
            values: report.exports.map((m) => ({ x: format.month(monthStart(m), 'short'), y: m.total })),
          },
        ]}
        label={t('dashboard.exports_chart')}
        height={160}
      />
    </ReportBlock>
  );
}

/** The tour-operator dashboard's reports: what changed at partner hotels, what is left to map. */
export function OperatorReports() {
  const report = useOperatorReport().data;
  const feed = useOperatorFeed().data;
  if (!report) return null;
  return (
    <div data-testid="operator-reports">
      <OperatorFigures report={report} />
      <OperatorNextSteps />
      <FeedBlock feed={feed} />
      <MappingBlock report={report} />
      <ExportsBlock report={report} />
    </div>
  );
}
