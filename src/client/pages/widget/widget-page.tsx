import { useMemo, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import widgetForm from '../../../shared/generated/forms/widget';
import { widgetNames } from '../../../shared/generated/name-maps';
import type { WidgetWire } from '../../../shared/generated/wire-types';
import { CopyBlock } from '../devtools/copy-block';
import { SettingsFrame } from '../settings/settings-frame';
import { keepFocus } from '../settings/keep-focus';
import { useFormSave } from '../settings/use-form-save';
import { WidgetPreview } from './widget-preview';

/** The two lines a hotel site pastes; the script finds its portal from its own src. */
export const embedSnippet = (token: string, origin: string): string =>
  `<div data-ananas-widget="${token}"></div>\n<script async src="${origin}/widget.js"></script>`;

function WidgetForm({ property, widget }: { property: number; widget: WidgetWire }) {
  const def = useMemo(() => asSection(widgetForm, widgetNames), []);
  const [session] = useState(() => new FormSession(def, widget));
  const values = useSyncExternalStore(session.store.subscribe, () => session.store.get());
  const [saved, setSaved] = useState<WidgetWire>(widget);
  const exists = (saved.id ?? 0) > 0;
  const { save, saving } = useFormSave(session, {
    // Created once (it gets its token then), edited afterwards.
    send: (body: WidgetWire) => {
      const sent = { ...body, hotel: property };
      return exists
        ? unwrap(api.PUT('/api/settings/widget/edit/', { body: sent }))
        : unwrap(api.POST('/api/settings/widget/create/', { body: sent }));
    },
    onSaved: (answer: WidgetWire) => setSaved(answer),
    done: exists ? 'The widget is saved.' : 'The widget is created.',
  });
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box sx={{ flex: '2 1 480px', minWidth: 0 }}>
        <DefinitionForm session={session} idPrefix="widget" />
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {saving ? 'Saving…' : exists ? 'Save' : 'Create'}
        </Button>
      </Box>
      <Box sx={{ flex: '1 1 300px', minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Preview
        </Typography>
        <WidgetPreview values={values} name="Your property" />
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          Embed
        </Typography>
        {saved.token ? (
          <CopyBlock label="Paste into your web site" text={embedSnippet(saved.token, window.location.origin)} />
        ) : (
          <Typography color="text.secondary">Create the widget to get the code to embed.</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          The widget shows your published facts only on the web origins of your whitelist entries (Developer tools).
        </Typography>
      </Box>
    </Box>
  );
}

/** /display-widgets/:id (id = the property): the widget's look, its live preview and the embed code. */
export function WidgetPage() {
  const property = Number(useParams().id);
  const valid = Number.isInteger(property) && property > 0;
  const { data, isError } = useQuery({
    queryKey: ['widget', property],
    queryFn: () => unwrap(api.GET('/api/settings/widget/{id}/', { params: { path: { id: property } } })),
    enabled: valid,
  });
  return (
    <SettingsFrame
      title="Widget"
      intro="Show your property's published facts on your own web site."
      back={{ to: '/dev-tools', label: 'Developer tools' }}
    >
      {(isError || !valid) && <Alert severity="error">The widget could not be loaded.</Alert>}
      {valid && !data && !isError && <LinearProgress aria-label="Loading the widget" />}
      {data && <WidgetForm property={property} widget={data} />}
    </SettingsFrame>
  );
}
