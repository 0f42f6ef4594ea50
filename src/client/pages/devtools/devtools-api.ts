import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { ApiKeyWire, WebhookWire, WhitelistWire } from '../../../shared/generated/wire-types';

export const devtoolsKeys = {
  whitelists: ['devtools', 'whitelists'] as const,
  keys: ['devtools', 'keys'] as const,
  statistics: ['devtools', 'statistics'] as const,
};

export const useWhitelists = () =>
  useQuery({ queryKey: devtoolsKeys.whitelists, queryFn: () => unwrap(api.GET('/api/settings/whitelists/', {})) });
export const useApiKeys = () =>
  useQuery({ queryKey: devtoolsKeys.keys, queryFn: () => unwrap(api.GET('/api/settings/api-keys/', {})) });
export const useApiStatistics = () =>
  useQuery({ queryKey: devtoolsKeys.statistics, queryFn: () => unwrap(api.GET('/api/reports/api-statistics/', {})) });

export function saveWhitelist(
  id: number | undefined,
  body: Pick<WhitelistWire, 'name' | 'domain'>,
): Promise<WhitelistWire> {
  return id
    ? unwrap(api.PUT('/api/settings/whitelist/update/{id}/', { params: { path: { id } }, body: body }))
    : unwrap(api.POST('/api/settings/whitelist/create/', { body: body }));
}
export const deleteWhitelist = (id: number) =>
  unwrap(api.DELETE('/api/settings/whitelist/delete/{id}/', { params: { path: { id } } }));

export type KeyFields = Pick<
  ApiKeyWire,
  'title' | 'description' | 'domain' | 'expires_at' | 'fact_sheet' | 'stop_sale' | 'hotel_photos' | 'rotate'
>;

export function saveApiKey(id: number | undefined, body: KeyFields): Promise<ApiKeyWire> {
  return id
    ? unwrap(api.PUT('/api/settings/api-key/update/{id}/', { params: { path: { id } }, body: body }))
    : unwrap(api.POST('/api/settings/api-key/create/', { body: body }));
}
export const deleteApiKey = (id: number) =>
  unwrap(api.DELETE('/api/settings/api-key/delete/{id}/', { params: { path: { id } } }));

export const webhookKeys = {
  list: ['devtools', 'webhooks'] as const,
  deliveries: (id: number) => ['devtools', 'webhook', id] as const,
};
export const useWebhooks = () =>
  useQuery({ queryKey: webhookKeys.list, queryFn: () => unwrap(api.GET('/api/settings/webhooks/', {})) });
export const useDeliveries = (id: number | null) =>
  useQuery({
    queryKey: webhookKeys.deliveries(id ?? 0),
    queryFn: () => unwrap(api.GET('/api/settings/webhook/deliveries/{id}/', { params: { path: { id: id ?? 0 } } })),
    enabled: !!id,
  });
export const createWebhook = (url: string, events: WebhookWire['events']) =>
  unwrap(api.POST('/api/settings/webhook/create/', { body: { url, events } }));
export const deleteWebhook = (id: number) =>
  unwrap(api.DELETE('/api/settings/webhook/delete/{id}/', { params: { path: { id } } }));
export const resumeWebhook = (id: number) =>
  unwrap(api.POST('/api/settings/webhook/resume/{id}/', { params: { path: { id } } }));
export const redeliver = (id: number) =>
  unwrap(api.POST('/api/settings/webhook/delivery/{id}/redeliver/', { params: { path: { id } } }));
