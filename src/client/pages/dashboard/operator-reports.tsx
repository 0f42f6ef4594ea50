import { Link as RouterLink } from 'react-router-dom';
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
import { formatNotificationDate } from '../../format/dates';
import { BarChart } from './bar-chart';
import { Figure, Figures, ReportBlock } from '../../components/figures';
import { monthLabel, useOperatorFeed, useOperatorReport } from './reports-api';
import { OperatorNextSteps } from '../next-steps/next-steps-block';

/** The tour-operator dashboard's reports: what changed at partner hotels, what is left to map. */
export function OperatorReports() {
  const report = useOperatorReport().data;
  const feed = useOperatorFeed().data;
  if (!report) return null;
  const pending = report.overrides.find((o) => o.status === 'pending')?.total ?? 0;
  return (
    <div data-testid="operator-reports">
      <Figures>
        <Figure value={report.hotels} label="Contracted hotels" to="/partners" />
        <Figure value={report.properties} label="Properties you reach" to="/fact-sheet" />
        <Figure value={report.properties - report.mapped_properties} label="Properties not mapped" to="/mapping" />
        <Figure
          value={report.rooms.unmapped}
          label="Rooms not mapped"
          to="/mapping"
          hint={`${report.rooms.mapped} mapped`}
        />
        <Figure value={pending} label="Overrides awaiting the hotel" to="/mapping" />
      </Figures>
      <OperatorNextSteps />
      <ReportBlock
        title="Latest changes at your hotels"
        action={
          <Button component={RouterLink} to="/fact-sheet" size="small">
            Fact sheets
          </Button>
        }
      >
        {feed?.results.length ? (
          <List dense aria-label="Latest changes">
            {feed.results.map((f) => (
              <ListItem key={`${f.property}-${f.at}`} disableGutters data-testid="feed-item">
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={f.link}>
                      {f.summary}
                    </Link>
                  }
                  secondary={`${f.property_name} · ${formatNotificationDate(f.at)}`}
                />
              </ListItem>
            ))}
          </List>
        ) : (
          <Typography color="text.secondary">
            No changes yet: your partner hotels have not published since you connected.
          </Typography>
        )}
      </ReportBlock>
      <ReportBlock
        title="Mapping by property"
        action={
          <Button component={RouterLink} to="/mapping" size="small">
            Data Mapping
          </Button>
        }
      >
        {report.by_property.length ? (
          <Table size="small" aria-label="Mapping by property">
            <TableHead>
              <TableRow>
                <TableCell>Property</TableCell>
                <TableCell>Hotel</TableCell>
                <TableCell align="right">Rooms mapped</TableCell>
                <TableCell align="right">Overrides waiting</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.by_property.map((p) => (
                <TableRow key={p.property} data-testid="mapping-row">
                  <TableCell>
                    <Link component={RouterLink} to={p.link}>
                      {p.property_name}
                    </Link>
                    {p.mapped ? '' : ' (not mapped)'}
                  </TableCell>
                  <TableCell>{p.company}</TableCell>
                  <TableCell align="right">
                    {p.mapped_rooms} of {p.rooms}
                  </TableCell>
                  <TableCell align="right">{p.pending_overrides}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography color="text.secondary">No contracted properties yet.</Typography>
        )}
      </ReportBlock>
      <ReportBlock
        title="Exports per month"
        action={
          <Button component={RouterLink} to="/toexportcentre" size="small">
            Export Center
          </Button>
        }
      >
        <BarChart
          series={[
            { key: 'exports', label: 'Exports', values: report.exports.map((m) => ({ x: monthLabel(m), y: m.total })) },
          ]}
          label="Exports per month, last 12 months"
          height={160}
        />
      </ReportBlock>
    </div>
  );
}
