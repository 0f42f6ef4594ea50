import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { countryName } from '../../reference/countries';
import { useSession } from '../../session/session';
import sheetOptionsForm from '../../../shared/generated/forms/sheet-options';
import { sheetOptionsNames } from '../../../shared/generated/name-maps';
import { isSheetLanguage } from '../../../shared/fact-sheet/languages';
import type { ContractedPropertiesQueryWire, OperatorExportRequestWire } from '../../../shared/generated/wire-types';
import { ContractedList, PublishChip, type Column, type ContractedProperty } from '../operator/contracted-list';
import { ExportHistory } from './export-history';
import { createOperatorExport, operatorExportKeys } from './operator-exports-api';

type Content = OperatorExportRequestWire['contents'][number];
const CONTENTS: { key: Content; label: string; hint: string }[] = [
  { key: 'pdf', label: 'Fact sheets (PDF)', hint: 'as you see them: with your approved changes and, where the contract allows, your logo' },
  { key: 'photos', label: 'Photos', hint: 'the ones each contract lets you use, and your approved own photos' },
  { key: 'json', label: 'Facts as JSON', hint: 'every field, with your hotel and room codes' },
  { key: 'csv', label: 'Facts as CSV', hint: 'one row per hotel, one file per list (rooms with your room codes)' },
];

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Which hotels: some picked by hand, or every hotel the filters find. */
type Selection = { kind: 'ids'; ids: Map<number, string> } | { kind: 'matching'; query: ContractedPropertiesQueryWire; count: number };

/** /toexportcentre: the operator's contracted hotels exported in bulk (one zip, built by a job), and the history. */
export function OperatorExportPage() {
  const user = useSession()?.user;
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>({ kind: 'ids', ids: new Map() });
  const [page, setPage] = useState<{ results: ContractedProperty[]; count: number; query: ContractedPropertiesQueryWire } | null>(null);
  const [contents, setContents] = useState<Set<Content>>(new Set(['pdf', 'json']));
  const [busy, setBusy] = useState(false);
  const def = useMemo(() => asSection(sheetOptionsForm, sheetOptionsNames), []);
  const language = isSheetLanguage(user?.language) ? user.language : 'en';
  const [session] = useState(() => new FormSession(def, { layout: '', language }));

  const ids = selection.kind === 'ids' ? selection.ids : new Map<number, string>();
  const toggle = (p: ContractedProperty, on: boolean) => {
    const next = new Map(ids);
    if (on) next.set(p.id, p.hotel_name);
    else next.delete(p.id);
    setSelection({ kind: 'ids', ids: next });
  };
  const columns: Column[] = [
    {
      label: 'Export',
      cell: (p) => (
        <Checkbox
          size="small"
          checked={selection.kind === 'matching' || ids.has(p.id)}
          disabled={selection.kind === 'matching'}
          onChange={(e) => toggle(p, e.target.checked)}
          slotProps={{ input: { 'aria-label': `Export ${p.hotel_name}` } }}
        />
      ),
    },
    { label: 'Hotel', cell: (p) => p.hotel_name },
    { label: 'Partner', cell: (p) => p.partner_name },
    { label: 'Location', cell: (p) => [p.city, countryName(p.country)].filter(Boolean).join(', ') },
    { label: 'Facts', cell: (p) => <PublishChip p={p} /> },
  ];

  const chosen = selection.kind === 'matching' ? selection.count : ids.size;

  async function start() {
    const doc = session.store.get() as { layout?: string; language?: string };
    const body: OperatorExportRequestWire = {
      contents: CONTENTS.map((c) => c.key).filter((k) => contents.has(k)),
      layout: (doc.layout ?? '') as OperatorExportRequestWire['layout'],
      language: (doc.language ?? 'en') as OperatorExportRequestWire['language'],
      ...(selection.kind === 'matching'
        ? { all_matching: true, search: selection.query.search ?? '', countries: selection.query.countries ?? [], city: selection.query.city ?? '' }
        : { hotels: [...ids.keys()] }),
    };
    setBusy(true);
    try {
      const answer = await createOperatorExport(body);
      enqueueSnackbar(`Exporting ${answer.total} hotel${answer.total === 1 ? '' : 's'}. You can leave this page; the export appears below when it is ready.`, { variant: 'info' });
      setSelection({ kind: 'ids', ids: new Map() });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: operatorExportKeys.all });
    }
  }

  if (user && user.accountType !== 'to') return <Alert severity="info">The operators’ Export Center exports the hotels a tour operator’s contracts cover.</Alert>;
  if (user && typeof user.manager === 'number') return <Alert severity="info">Only the account owner can export hotels.</Alert>;
  return (
    <Box sx={{ maxWidth: 1300, mx: 'auto', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }} data-testid="operator-export-centre">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600 }}>
        Export Center
      </Typography>
      <Card title="Hotels">
        <ContractedList columns={columns} label="Hotels to export" empty="No hotel matches. Hotels appear here once a contract with them is accepted (Partners)." onList={setPage} />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 2 }} data-testid="selection">
          <Typography variant="body2" sx={{ mr: 1 }}>
            {selection.kind === 'matching' ? `All ${selection.count} matching hotels chosen` : `${ids.size} hotel${ids.size === 1 ? '' : 's'} chosen`}
          </Typography>
          <Button
            size="small"
            disabled={!page?.results.length}
            onClick={() => {
              const next = new Map(ids);
              for (const p of page?.results ?? []) next.set(p.id, p.hotel_name);
              setSelection({ kind: 'ids', ids: next });
            }}
          >
            Select this page
          </Button>
          <Button size="small" disabled={!page?.count} onClick={() => page && setSelection({ kind: 'matching', query: page.query, count: page.count })}>
            {`Select all ${page?.count ?? 0} matching`}
          </Button>
          <Button size="small" disabled={!chosen} onClick={() => setSelection({ kind: 'ids', ids: new Map() })}>
            Clear selection
          </Button>
        </Box>
      </Card>
      <Card title="What to export">
        <FormGroup>
          {CONTENTS.map((c) => (
            <FormControlLabel
              key={c.key}
              control={
                <Checkbox
                  checked={contents.has(c.key)}
                  onChange={(e) => {
                    const next = new Set(contents);
                    if (e.target.checked) next.add(c.key);
                    else next.delete(c.key);
                    setContents(next);
                  }}
                />
              }
              label={
                <span>
                  {c.label}{' '}
                  <Typography component="span" variant="body2" color="text.secondary">
                    {`— ${c.hint}`}
                  </Typography>
                </span>
              }
            />
          ))}
        </FormGroup>
        <Box sx={{ mt: 1 }}>
          <DefinitionForm session={session} idPrefix="export-sheet" />
        </Box>
        <Button variant="contained" onClick={() => void start()} disabled={busy || !chosen || !contents.size}>
          {`Export ${chosen} hotel${chosen === 1 ? '' : 's'}`}
        </Button>
      </Card>
      <Card title="Exports">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Each export is one zip file, kept for 7 days. Each hotel whose fact sheet you export is told so.
        </Typography>
        <ExportHistory />
      </Card>
    </Box>
  );
}
