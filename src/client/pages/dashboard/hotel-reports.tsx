import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from './bar-chart';
import { Figure, Figures, ReportBlock } from '../../components/figures';
import { monthLabel, useAccommodationNumber, useHotelReport, useOperatorNumber } from './reports-api';
import { HotelNextSteps } from '../next-steps/next-steps-block';

/** The accommodation dashboard's reports: what to do next, and how the account is doing. */
export function HotelReports() {
  const report = useHotelReport().data;
  const operators = useOperatorNumber().data;
  const properties = useAccommodationNumber().data;
  if (!report) return null;
  const waiting = report.contracts.filter((c) => c.status === 'P' || c.status === 'C').reduce((n, c) => n + c.total, 0);
  const unfinished = report.completeness.filter((p) => p.blocking.length > 0 || !p.published);
  const exportSeries = [
    {
      key: 'downloads',
      label: 'Downloaded',
      values: report.exports.map((m) => ({ x: monthLabel(m), y: m.downloads })),
    },
    { key: 'sends', label: 'Sent to groups', values: report.exports.map((m) => ({ x: monthLabel(m), y: m.sends })) },
  ];
  return (
    <div data-testid="hotel-reports">
      <Figures>
        <Figure
          value={report.operators_connected}
          label="Operators connected"
          to="/partners"
          hint={operators ? `of ${operators.operators} on Ananas` : undefined}
        />
        <Figure value={waiting} label="Contracts waiting" to="/partners" />
        <Figure value={unfinished.length} label="Properties to finish" to="/property-facts" />
        <Figure value={properties?.total ?? report.completeness.length} label="Properties" to="/property-facts" />
      </Figures>
      <HotelNextSteps />
      <ReportBlock
        title="Completeness"
        action={
          <Button component={RouterLink} to="/property-facts" size="small">
            All properties
          </Button>
        }
      >
        {report.completeness.length ? (
          <Table size="small" aria-label="Completeness of your properties">
            <TableHead>
              <TableRow>
                <TableCell>Property</TableCell>
                <TableCell sx={{ width: '30%' }}>Complete</TableCell>
                <TableCell>Still blocking publishing</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.completeness.map((p) => (
                <TableRow key={p.property} data-testid="completeness-row">
                  <TableCell>
                    <Link component={RouterLink} to={p.link}>
                      {p.property_name}
                    </Link>
                    {p.published ? '' : ' (Unpublished)'}
                  </TableCell>
                  <TableCell>
                    <LinearProgress
                      variant="determinate"
                      value={p.percent}
                      aria-label={`${p.property_name} is ${p.percent}% complete`}
                    />
                    <Typography variant="caption">{p.percent}%</Typography>
                  </TableCell>
                  <TableCell>{p.blocking.length ? p.blocking.join(', ') : 'Nothing: ready to publish'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : (
          <Typography color="text.secondary">No properties yet.</Typography>
        )}
      </ReportBlock>
      <ReportBlock
        title="Fact sheets per month"
        action={
          <Button component={RouterLink} to="/exportcentre" size="small">
            Export Center
          </Button>
        }
      >
        <BarChart series={exportSeries} label="Fact sheets downloaded and sent per month, last 12 months" />
      </ReportBlock>
      <ReportBlock
        title="Contracts"
        action={
          <Button component={RouterLink} to="/partners" size="small">
            Partners
          </Button>
        }
      >
        <Table size="small" aria-label="Contracts by status">
          <TableBody>
            {report.contracts.map((c) => (
              <TableRow key={c.status}>
                <TableCell>{c.label}</TableCell>
                <TableCell align="right">{c.total}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ReportBlock>
      {properties && (
        <ReportBlock title="Properties added">
          <BarChart
            series={[
              {
                key: 'added',
                label: 'Added',
                values: properties.current.map((m) => ({ x: monthLabel(m), y: m.total })),
              },
            ]}
            label="Properties added per month, last 12 months"
            height={160}
          />
        </ReportBlock>
      )}
    </div>
  );
}
