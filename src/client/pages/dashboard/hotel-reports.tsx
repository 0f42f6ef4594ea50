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
import { useFormat, useT } from '../../i18n';
import { BarChart } from './lazy-bar-chart';
import { Figure, Figures, ReportBlock } from '../../components/figures';
import { monthStart, useAccommodationNumber, useHotelReport, useOperatorNumber } from './reports-api';
import { HotelNextSteps } from '../next-steps/index';
import { useContractLabels, statusWord } from '../partners/index';
import { sections } from '../../../shared/generated/sections/index';
import { useSchemaTexts } from '../../engine/texts/use-schema-texts';
import { sectionTitle } from '../../engine/texts/schema-texts';
import type { AccommodationNumberWire, OperatorNumberWire, ReportDataWire } from '../../../shared/generated/wire-types';

/** A fact section's key by its English title (the report names what blocks publishing by title). */
const SECTION_KEYS = new Map(sections.map((s) => [s.title, s.key]));

/** What "still blocking" says of a property nothing blocks: where it stands with its partners. */
const NOTHING_BLOCKING = {
  draft: 'dashboard.ready_to_publish',
  published: 'dashboard.live_up_to_date',
  changed: 'dashboard.changes_to_publish',
} as const;

/** A section's name as the editor's tabs name it, from the English title the report gives. */
function useSectionName(): SectionName {
  const texts = useSchemaTexts();
  return (english: string) => {
    const key = SECTION_KEYS.get(english);
    return key && texts ? sectionTitle(texts, key, english) : english;
  };
}

/** A report month as its short name. */
function useMonth() {
  const format = useFormat();
  return (m: { month: number; year: number }) => format.month(monthStart(m), 'short');
}

function HotelFigures({
  report,
  operators,
  properties,
}: {
  report: ReportDataWire;
  operators: OperatorNumberWire | undefined;
  properties: AccommodationNumberWire | undefined;
}) {
  const t = useT();
  const format = useFormat();
  const waiting = report.contracts.filter((c) => c.status === 'P' || c.status === 'C').reduce((n, c) => n + c.total, 0);
  const unfinished = report.completeness.filter((p) => p.blocking.length > 0 || !p.published);
  return (
    <Figures>
      <Figure
        value={format.number(report.operators_connected)}
        label={t('dashboard.operators_connected')}
        to="/partners"
        hint={operators ? t('dashboard.of_on_ananas', { count: operators.operators }) : undefined}
      />
      <Figure value={format.number(waiting)} label={t('dashboard.contracts_waiting')} to="/partners" />
      <Figure
        value={format.number(unfinished.length)}
        label={t('dashboard.properties_to_finish')}
        to="/property-facts"
      />
      <Figure
        value={format.number(properties?.total ?? report.completeness.length)}
        label={t('dashboard.properties')}
        to="/property-facts"
      />
    </Figures>
  );
}

type SectionName = (english: string) => string;

function CompletenessTable({ report, sectionName }: { report: ReportDataWire; sectionName: SectionName }) {
  const t = useT();
  const format = useFormat();
  return (
    <Table
      size="small"
      aria-label={t('dashboard.completeness_table')}
      // A phone's card is some 300 px wide: the cells' usual side padding left the last column cut off.
      sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{t('dashboard.property')}</TableCell>
          <TableCell sx={{ width: '30%' }}>{t('dashboard.complete')}</TableCell>
          <TableCell>{t('dashboard.still_blocking')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.completeness.map((p) => (
          <TableRow key={p.property} data-testid="completeness-row">
            <TableCell>
              <Link component={RouterLink} to={p.link}>
                {p.property_name}
              </Link>
              {p.published ? '' : ` ${t('dashboard.unpublished')}`}
            </TableCell>
            <TableCell>
              <LinearProgress
                variant="determinate"
                value={p.percent}
                aria-label={t('dashboard.percent_complete', {
                  name: p.property_name,
                  percent: format.percent(p.percent / 100),
                })}
              />
              <Typography variant="caption">{format.percent(p.percent / 100)}</Typography>
            </TableCell>
            <TableCell>
              {p.blocking.length ? format.list(p.blocking.map(sectionName)) : t(NOTHING_BLOCKING[p.publish_state])}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CompletenessBlock({ report, sectionName }: { report: ReportDataWire; sectionName: SectionName }) {
  const t = useT();
  return (
    <ReportBlock
      title={t('dashboard.completeness')}
      action={
        <Button component={RouterLink} to="/property-facts" size="small">
          {t('dashboard.all_properties')}
        </Button>
      }
    >
      {report.completeness.length ? (
        <CompletenessTable report={report} sectionName={sectionName} />
      ) : (
        <Typography color="text.secondary">{t('dashboard.no_properties')}</Typography>
      )}
    </ReportBlock>
  );
}

function ExportsBlock({ report }: { report: ReportDataWire }) {
  const t = useT();
  const month = useMonth();
  const exportSeries = [
    {
      key: 'downloads',
      label: t('dashboard.series_downloaded'),
      values: report.exports.map((m) => ({ x: month(m), y: m.downloads })),
    },
    {
      key: 'sends',
      label: t('dashboard.series_sent'),
      values: report.exports.map((m) => ({ x: month(m), y: m.sends })),
    },
  ];
  return (
    <ReportBlock
      title={t('dashboard.fact_sheets_per_month')}
      action={
        <Button component={RouterLink} to="/exportcentre" size="small">
          {t('dashboard.export_center')}
        </Button>
      }
    >
      <BarChart series={exportSeries} label={t('dashboard.fact_sheets_chart')} />
    </ReportBlock>
  );
}

function ContractsBlock({ report, labels }: { report: ReportDataWire; labels: ReturnType<typeof useContractLabels> }) {
  const t = useT();
  const format = useFormat();
  return (
    <ReportBlock
      title={t('dashboard.contracts')}
      action={
        <Button component={RouterLink} to="/partners" size="small">
          {t('dashboard.partners')}
        </Button>
      }
    >
      <Table size="small" aria-label={t('dashboard.contracts_by_status')}>
        <TableBody>
          {report.contracts.map((c) => (
            <TableRow key={c.status}>
              <TableCell>{statusWord(c.status, labels, t)}</TableCell>
              <TableCell align="right">{format.number(c.total)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ReportBlock>
  );
}

function PropertiesAddedBlock({ properties }: { properties: AccommodationNumberWire }) {
  const t = useT();
  const month = useMonth();
  return (
    <ReportBlock title={t('dashboard.properties_added')}>
      <BarChart
        series={[
          {
            key: 'added',
            label: t('dashboard.series_added'),
            values: properties.current.map((m) => ({ x: month(m), y: m.total })),
          },
        ]}
        label={t('dashboard.properties_added_chart')}
        height={160}
      />
    </ReportBlock>
  );
}

/** The accommodation dashboard's reports: what to do next, and how the account is doing. */
export function HotelReports() {
  const report = useHotelReport().data;
  const operators = useOperatorNumber().data;
  const properties = useAccommodationNumber().data;
  const labels = useContractLabels();
  const sectionName = useSectionName();
  if (!report) return null;
  return (
    <div data-testid="hotel-reports">
      <HotelFigures report={report} operators={operators} properties={properties} />
      {/* The sections blocking publishing named as the editor's tabs name them. */}
      <HotelNextSteps properties={report.completeness.map((p) => ({ ...p, blocking: p.blocking.map(sectionName) }))} />
      <CompletenessBlock report={report} sectionName={sectionName} />
      <ExportsBlock report={report} />
      <ContractsBlock report={report} labels={labels} />
      {properties && <PropertiesAddedBlock properties={properties} />}
    </div>
  );
}
