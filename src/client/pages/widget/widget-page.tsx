import { useMemo, useState, useSyncExternalStore } from 'react';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import widgetForm from '../../../shared/generated/forms/widget';
import { widgetNames } from '../../../shared/generated/name-maps';
import type { WidgetWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { CopyBlock } from '../../components/copy-block';
import { SettingsFrame } from '../../components/settings-frame';
import { keepFocus } from '../../components/keep-focus';
import { useFormSave } from '../../components/use-form-save';
import { WidgetPreview } from './widget-preview';
import { sendWidget, useWidget } from './use-widget';

/** The two lines a hotel site pastes; the script finds its portal from its own src. */
export const embedSnippet = (token: string, origin: string): string =>
  `<div data-ananas-widget="${token}"></div>\n<script async src="${origin}/widget.js"></script>`;

function WidgetForm({ property, widget }: { property: number; widget: WidgetWire }) {
  const t = useT();
  const def = useMemo(() => asSection(widgetForm, widgetNames), []);
  const [session] = useState(() => new FormSession(def, widget));
  const values = useSyncExternalStore(session.store.subscribe, () => session.store.get());
  const [saved, setSaved] = useState<WidgetWire>(widget);
  const exists = (saved.id ?? 0) > 0;
  const { save, saving } = useFormSave(session, {
    // Created once (it gets its token then), edited afterwards.
    send: (body: WidgetWire) => sendWidget(property, exists, body),
    onSaved: (answer: WidgetWire) => setSaved(answer),
    done: exists ? t('widget.saved') : t('widget.created'),
  });
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <Box sx={{ flex: '2 1 480px', minWidth: 0 }}>
        <DefinitionForm session={session} idPrefix="widget" />
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {saving ? t('widget.saving') : exists ? t('widget.save') : t('widget.create')}
        </Button>
      </Box>
      <Box sx={{ flex: '1 1 300px', minWidth: 0 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('widget.preview')}
        </Typography>
        <WidgetPreview values={values} name={t('widget.sample_name')} />
        <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
          {t('widget.embed')}
        </Typography>
        {saved.token ? (
          <CopyBlock label={t('widget.paste')} text={embedSnippet(saved.token, window.location.origin)} />
        ) : (
          <Typography color="text.secondary">{t('widget.create_first')}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {t('widget.origins_note')}
        </Typography>
      </Box>
    </Box>
  );
}

/** /display-widgets/:id (id = the property): the widget's look, its live preview and the embed code. */
export function WidgetPage() {
  const t = useT();
  const property = Number(useParams().id);
  const valid = Number.isInteger(property) && property > 0;
  const { widget: data, failed: isError } = useWidget(property, valid);
  return (
    <SettingsFrame
      title={t('widget.title')}
      intro={t('widget.intro')}
      back={{ to: '/dev-tools', label: t('widget.developer_tools') }}
    >
      {(isError || !valid) && <Alert severity="error">{t('widget.load_failed')}</Alert>}
      {valid && !data && !isError && <LinearProgress aria-label={t('widget.loading')} />}
      {data && <WidgetForm property={property} widget={data} />}
    </SettingsFrame>
  );
}
