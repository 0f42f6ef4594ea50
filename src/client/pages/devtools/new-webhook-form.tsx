import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WebhookWire } from '../../../shared/generated/wire-types';
import { useNewWebhook } from './use-webhooks';
import { WEBHOOK_EVENTS } from '../../../shared/generated/value-lists';
import { useT } from '../../i18n';

/** Every webhook event, in the schema's order (the enum of webhook.schema.json's events). */
const EVENTS: WebhookWire['events'] = WEBHOOK_EVENTS.map((e) => e.value);

/** A new endpoint: its URL and events; the signing secret it answers is handed to `onCreated` (shown once). */
export function NewWebhookForm({ onCreated }: { onCreated(secret: string | null): void }) {
  const t = useT();
  const { url, setUrl, events, setEvents, errors, add } = useNewWebhook(onCreated);
  return (
    <Box
      component="form"
      aria-label={t('devtools.new_webhook')}
      sx={{ display: 'grid', gap: 1, mt: 2, maxWidth: 600 }}
      onSubmit={(e) => {
        e.preventDefault();
        void add();
      }}
    >
      <TextField
        label={t('devtools.endpoint_url')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={!!errors.url}
        helperText={errors.url}
        size="small"
      />
      <Box>
        {EVENTS.map((ev) => (
          <FormControlLabel
            key={ev}
            label={<code dir="ltr">{ev}</code>}
            control={
              <Checkbox
                size="small"
                checked={events.includes(ev)}
                onChange={(e) => setEvents(e.target.checked ? [...events, ev] : events.filter((x) => x !== ev))}
              />
            }
          />
        ))}
      </Box>
      {errors.events && (
        <Typography color="error" variant="body2">
          {errors.events}
        </Typography>
      )}
      <Box>
        <Button type="submit" variant="outlined">
          {t('devtools.add_webhook')}
        </Button>
      </Box>
    </Box>
  );
}
