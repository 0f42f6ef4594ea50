import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessages } from '../../api/errors';
import { FormSession } from '../../engine/views/form-session';
import { sections } from '../../../shared/generated/sections/index';
import type { SectionDefinition } from '../../../shared/section-types';
import type { BulkEditPreviewWire, BulkEditRequestWire } from '../../../shared/generated/wire-types';
import { useProperties } from '../../api/properties';
import { BatchView } from './batch-view';
import { BulkValues } from './bulk-values';
import { manyKeys, previewBulkEdit, startBulkEdit, useBatches } from './many-api';
import { OutcomeTable } from './outcome-table';
import { PropertyPicker } from './property-picker';

const DOCUMENTS = sections.filter((s) => s.kind === 'document');

/** The chosen section's definition (its own chunk), loaded when chosen. */
function useDefinition(key: string): SectionDefinition | undefined {
  const [def, setDef] = useState<{ key: string; def: SectionDefinition }>();
  useEffect(() => {
    let live = true;
    DOCUMENTS.find((s) => s.key === key)
      ?.load()
      .then((d) => live && setDef({ key, def: d }), () => undefined);
    return () => {
      live = false;
    };
  }, [key]);
  return def?.key === key ? def.def : undefined;
}

function RecentBatches() {
  const { data } = useBatches();
  if (!data?.length) return null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1">Recent bulk edits</Typography>
      {data.slice(0, 5).map((b) => (
        <Typography key={b.id} variant="body2">
          <Link component={RouterLink} to={`/bulk-edit?batch=${b.id}`}>
            {new Date(b.created_at).toLocaleString()}: {b.title}, {b.fields.map((f) => f.label).join(', ')} ({b.total} properties, {b.state})
          </Link>
        </Typography>
      ))}
    </Box>
  );
}

/**
 * /bulk-edit: set fields of one section on many properties. Pick the section, the fields and
 * their values (the engine's widgets), and the properties; preview per property; apply as one
 * batch (then ?batch=<id> shows its progress, outcomes and undo).
 */
export function BulkEditPage() {
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const batch = Number(params.get('batch') ?? 0);
  const properties = useProperties();
  const [sectionKey, setSectionKey] = useState('main-info');
  const def = useDefinition(sectionKey);
  const session = useMemo(() => (def ? new FormSession(def) : undefined), [def]);
  const [chosen, setChosen] = useState<string[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(() => new Set((params.get('properties') ?? '').split(',').map(Number).filter((n) => n > 0)));
  const [preview, setPreview] = useState<{ body: BulkEditRequestWire; answer: BulkEditPreviewWire }>();
  const [error, setError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const request = (): BulkEditRequestWire | undefined => {
    setError([]);
    if (!session || !chosen.length) return setError(['Choose at least one field to set.']), undefined;
    if (!picked.size) return setError(['Choose at least one property.']), undefined;
    const values = session.body(chosen) as Record<string, unknown> | undefined;
    if (!values) return undefined;
    return { section: sectionKey, values, properties: [...picked] };
  };
  const run = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } catch (e) {
      setError(errorMessages(e));
    } finally {
      setBusy(false);
    }
  };
  const onPreview = () => {
    const body = request();
    if (body) void run(async () => setPreview({ body, answer: await previewBulkEdit(body) }));
  };
  const onApply = () => {
    if (!preview) return;
    void run(async () => {
      const started = await startBulkEdit(preview.body);
      client.setQueryData(manyKeys.batch(started.id), started);
      void client.invalidateQueries({ queryKey: manyKeys.batches });
      setPreview(undefined);
      setParams({ batch: String(started.id) });
    });
  };

  if (batch > 0) {
    return (
      <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
          Bulk edit
        </Typography>
        <BatchView id={batch} />
        <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
          <Button component={RouterLink} to="/bulk-edit">
            New bulk edit
          </Button>
          <Button component={RouterLink} to="/property-portfolio">
            Portfolio
          </Button>
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="bulk-edit-page">
      <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 2 }}>
        Bulk edit
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Section"
          value={sectionKey}
          onChange={(e) => {
            setSectionKey(e.target.value);
            setChosen([]);
            setPreview(undefined);
          }}
          sx={{ minWidth: 260, mb: 2 }}
        >
          {DOCUMENTS.map((s) => (
            <MenuItem key={s.key} value={s.key}>
              {s.title}
            </MenuItem>
          ))}
        </TextField>
        {!def || !session ? (
          <LinearProgress aria-label="Loading the section" />
        ) : (
          <BulkValues
            def={def}
            session={session}
            chosen={chosen}
            onChoose={(name, on) => {
              setPreview(undefined);
              setChosen((c) => (on ? [...c, name] : c.filter((n) => n !== name)));
            }}
          />
        )}
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <PropertyPicker properties={properties.data ?? []} picked={picked} onChange={(p) => (setPicked(p), setPreview(undefined))} />
      </Paper>
      {error.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="bulk-errors">
          {error.join(' ')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
        <Button variant="outlined" onClick={onPreview} disabled={busy}>
          Preview
        </Button>
        <Button variant="contained" onClick={onApply} disabled={busy || !preview || preview.answer.counts.change === 0}>
          Apply to {preview ? preview.answer.counts.change : 0} properties
        </Button>
      </Box>
      {preview && (
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="bulk-preview">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {preview.answer.counts.change} will change · {preview.answer.counts.same} already match · {preview.answer.counts.invalid} would fail (left as they are)
          </Typography>
          <OutcomeTable items={preview.answer.items.map((i) => ({ property: i.property, hotel: i.hotel_name, outcome: i.outcome, changes: i.changes, message: i.message }))} />
        </Paper>
      )}
      <RecentBatches />
    </Box>
  );
}
