import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { errorMessages, fieldErrors } from '../../api/errors';
import type { WebhookWire } from '../../../shared/generated/wire-types';
import {
  createWebhook,
  deleteWebhook,
  redeliver,
  resumeWebhook,
  useDeliveries,
  useWebhooks,
  webhookKeys,
} from './devtools-api';
import { useT } from '../../i18n';

/** The webhook endpoints of /dev-tools, the one whose log is open, and resume and delete, so the section only draws. */
export function useWebhookEndpoints() {
  const { data } = useWebhooks();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const t = useT();
  const [open, setOpen] = useState<number | null>(null);
  const resume = async (id: number) => {
    try {
      await resumeWebhook(id);
      enqueueSnackbar(t('devtools.resumed'), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
      if (open) void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(open) });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  const remove = (id: number) =>
    void deleteWebhook(id).then(() => queryClient.invalidateQueries({ queryKey: webhookKeys.list }));
  return { webhooks: data, open, setOpen, resume, remove };
}

/** One endpoint's deliveries and Redeliver, which queues a delivery again and reloads the log. */
export function useDeliveryLog(open: number) {
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const deliveries = useDeliveries(open);
  const t = useT();
  const again = async (id: number) => {
    try {
      await redeliver(id);
      enqueueSnackbar(t('devtools.queued'), { variant: 'success' });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(open) });
    } catch (e) {
      enqueueSnackbar(errorMessages(e).join(' '), { variant: 'error' });
    }
  };
  return { deliveries: deliveries.data, again };
}

/** A new endpoint being written: its URL and events, the field errors, and adding it (its secret to `onCreated`). */
export function useNewWebhook(onCreated: (secret: string | null) => void) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookWire['events']>(['property.published']);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = async () => {
    try {
      const hook = await createWebhook(url, events);
      setUrl('');
      setErrors({});
      onCreated(hook.secret ?? null);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list });
    } catch (e) {
      setErrors(fieldErrors(e));
    }
  };
  return { url, setUrl, events, setEvents, errors, add };
}
