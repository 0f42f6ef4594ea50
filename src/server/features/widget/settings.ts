import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { actorOf, recordAudit } from '../audit/index.js';
import { newToken, styleDefaults, styleOf, widgetSchema, type Stored } from './style.js';
import { insertWidget, updateWidgetData, widgetOfProperty, type WidgetRow } from './store.js';

/** Creates a property's widget from the schema's defaults and the body's style, audited; 409 when it has one. */
export async function createWidget(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  body: object,
): Promise<WidgetRow> {
  const now = services.clock.now().toISOString();
  const data = { ...styleDefaults(widgetSchema(services)), ...styleOf(widgetSchema(services), body) };
  return services.db.kysely.transaction().execute(async (trx) => {
    const inserted = await insertWidget(trx, {
      account_id: auth.accountId,
      property_id: propertyId,
      token: newToken(),
      data: JSON.stringify(data),
      date_created: now,
      updated_at: now,
    });
    // One widget per property (unique): a second create, or two at once, gets the 409.
    if (!inserted) throw conflict('This property has a widget already; edit it instead.');
    const entry = {
      kind: 'settings',
      action: 'create',
      subject: 'widget',
      subjectId: inserted.id,
      propertyId,
      summary: 'Created the widget',
    } as const;
    await recordAudit(services, actorOf(auth, ip), entry, trx);
    return inserted;
  });
}

/** Merges the body's style into a property's widget, audited; 404 when it has none. Returns the row as saved. */
export async function editWidget(
  services: Services,
  auth: AuthContext,
  ip: string,
  propertyId: number,
  body: object,
): Promise<WidgetRow> {
  const before = await widgetOfProperty(services.db.kysely, propertyId);
  if (!before) throw notFound();
  const data = { ...(JSON.parse(before.data) as Stored), ...styleOf(widgetSchema(services), body) };
  const now = services.clock.now().toISOString();
  await services.db.kysely.transaction().execute(async (trx) => {
    await updateWidgetData(trx, before.id, JSON.stringify(data), now);
    const entry = {
      kind: 'settings',
      action: 'update',
      subject: 'widget',
      subjectId: before.id,
      propertyId,
      summary: 'Edited the widget appearance',
    } as const;
    await recordAudit(services, actorOf(auth, ip), entry, trx);
  });
  return { ...before, data: JSON.stringify(data) };
}
