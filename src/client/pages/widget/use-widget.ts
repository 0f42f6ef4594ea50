import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrap } from '../../api/errors';
import type { WidgetWire } from '../../../shared/generated/wire-types';

/** A property's display widget as saved (its look and, once created, its token). */
export function useWidget(property: number, valid: boolean) {
  const { data, isError } = useQuery({
    queryKey: ['widget', property],
    queryFn: () => unwrap(api.GET('/api/settings/widget/{id}/', { params: { path: { id: property } } })),
    enabled: valid,
  });
  return { widget: data, failed: isError };
}

/** Saves the widget of `property`: created once (it gets its token then), edited afterwards. */
export function sendWidget(property: number, exists: boolean, body: WidgetWire): Promise<WidgetWire> {
  const sent = { ...body, hotel: property };
  return exists
    ? unwrap(api.PUT('/api/settings/widget/edit/', { body: sent }))
    : unwrap(api.POST('/api/settings/widget/create/', { body: sent }));
}
