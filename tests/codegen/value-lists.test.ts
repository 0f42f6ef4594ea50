/**
 * Value lists are declared once, in schemas/ (issue 26 §3): codegen's value-lists.ts follows the
 * schemas exactly, a new value in a schema is a new member of the generated union (nothing else to
 * type), and codegen refuses a description that names other values than the schema allows.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemaSet } from '../../codegen/load.js';
import { emitValueLists, valueEntries, VALUE_LISTS } from '../../codegen/emit-value-lists.js';
import type { SchemaSet } from '../../codegen/model.js';
import * as generated from '../../src/shared/generated/value-lists.js';
import { MONTH_NAMES, MONTH_SHORT_NAMES, WEEKDAY_LETTERS } from '../../src/shared/calendar-names.js';
import { NOTIFICATION_TYPES } from '../../src/server/features/notifications/types.js';
import { operatorMay } from '../../src/server/features/partners/access.js';
import { syncsStopSale } from '../../src/server/features/stop-sale/chart.js';
import { statusWords } from '../../src/server/features/partners/lifecycle.js';
import type { ContractTermsWire } from '../../src/shared/generated/wire-types.js';
import { EVENT_CODE_COLUMNS, OTA_STATUSES, STATE_CODES } from '../../src/shared/stop-sale-states.js';

const root = path.resolve(import.meta.dirname, '../..');
const load = () => loadSchemaSet(path.join(root, 'schemas'));
type Json = Record<string, unknown>;
const at = (set: SchemaSet, rel: string) => set.schemas.get(rel)!.schema as Json;

describe('value lists from the schemas', () => {
  it('the committed value-lists.ts is what the schemas give (run npm run codegen)', async () => {
    const set = await load();
    for (const source of VALUE_LISTS) {
      const list = (generated as Record<string, unknown>)[source.constName];
      expect(list, source.constName).toEqual(valueEntries(set, source));
    }
  });

  it('stop-sale states: the entries are the integers the event schema allows, with the spec colour names in order', async () => {
    const set = await load();
    const state = (at(set, 'stop-sale/event.schema.json').$defs as Record<string, Json>).state!;
    expect(generated.STOP_SALE_STATES.map((s) => s.value)).toEqual(
      [0, 1, 2, 3, 4].slice(0, (state.maximum as number) + 1),
    );
    expect(state['x-named-values']).toHaveLength(generated.STOP_SALE_STATES.length);
    // The spec's colour names an answer gives (colorName) are those a request may send, in order.
    expect((at(set, 'stop-sale/event.schema.json').$defs as Record<string, Json>).colorName!.enum).toEqual(
      state['x-named-values'],
    );
    // Every other declaration of a state number (a color, or a partner answer's state, written
    // inline) allows exactly these values: a new state fails here until each follows.
    const inline: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
      if (!node || typeof node !== 'object') return;
      for (const [key, child] of Object.entries(node as Json)) {
        const c = child as Json;
        if ((key === 'color' || key === 'state') && c && [c.type].flat().includes('integer') && c.$ref === undefined) {
          inline.push(where + '/' + key);
          expect([c.minimum, c.maximum], `${where}/${key}`).toEqual([0, generated.STOP_SALE_STATES.length - 1]);
        }
        walk(child, `${where}/${key}`);
      }
    };
    for (const rel of [
      'stop-sale/event.schema.json',
      'stop-sale/month.schema.json',
      'stop-sale/range-result.schema.json',
      'devtools/partner-stop-sale.schema.json',
    ])
      walk(at(set, rel), rel);
    expect(inline.length).toBeGreaterThanOrEqual(4);
    expect(generated.STOP_SALE_STATES.map((s) => s.label)).toEqual([
      'Free Sale',
      'Open Sale',
      'Stop Sale',
      'On Request',
      'Blocked',
    ]);
    expect(generated.STOP_SALE_STATES.map((s) => s.code)).toEqual(['free', 'open', 'stop', 'request', 'block']);
  });

  it("every per-state list of fields in the schemas names each state's code, in the states' order", async () => {
    const set = await load();
    const codes = generated.STOP_SALE_STATES.map((s) => s.code as string);
    const columns = codes.map((c) => `${c}_event_code`);
    const eventCodes = (node: Json) => Object.keys(node.properties as Json).filter((k) => k.endsWith('_event_code'));
    const room = (node: Json) => (node.properties as Record<string, Json>).rooms!.items as Json;
    for (const rel of ['mapping/hotel-mapping.schema.json', 'mapping/hotel-mapping-request.schema.json']) {
      expect(eventCodes(at(set, rel)), rel).toEqual(columns);
      expect(eventCodes(room(at(set, rel))), `${rel} rooms`).toEqual(columns);
    }
    const month = room(at(set, 'stop-sale/month.schema.json'));
    const monthCodes = (month.properties as Record<string, Json>).codes!;
    expect(Object.keys(monthCodes.properties as Json)).toEqual(codes);
    expect(monthCodes.required).toEqual(codes);
    // The derived lists the server and client read.
    expect(EVENT_CODE_COLUMNS).toEqual(columns);
    expect(STATE_CODES).toEqual(codes);
    expect(OTA_STATUSES).toEqual(['Open', 'Open', 'Close', 'OnRequest', 'Close']);
  });

  it('the hotel caps and operator actions are the terms the contract-terms schema marks', async () => {
    const set = await load();
    const terms = at(set, 'partners/contract-terms.schema.json').properties as Record<string, Json>;
    const marked = (keyword: string) => Object.keys(terms).filter((k) => terms[k]![keyword] !== undefined);
    expect(generated.HOTEL_CAPS).toEqual(marked('x-hotel-cap'));
    expect(generated.HOTEL_CAPS).toEqual(['hotel_allows_overrides', 'hotel_moderation_cap']);
    expect(Object.values(generated.OPERATOR_ACTION_TERMS)).toEqual(marked('x-operator-action'));
    expect(generated.OPERATOR_ACTION_TERMS).toEqual({
      edit_facts: 'to_edit_facts',
      add_logo: 'to_add_its_logo',
      remove_property_logo: 'remove_property_logo',
      select_photos: 'to_select_photos',
      add_own_photos: 'to_add_own_photos',
      sync_stop_sale: 'to_sync_ss',
      allow_on_request: 'to_allow_on_request',
    });
    expect(generated.OVERRIDE_SETTING_ACTIONS).toEqual({
      add_operator_logo: 'add_logo',
      enable_stopsale_api: 'sync_stop_sale',
      stopsale_closed_on_request: 'allow_on_request',
      remove_property_logo: 'remove_property_logo',
    });
  });

  it('codegen refuses an operator setting naming an action no term grants', async () => {
    const set = await load();
    const props = at(set, 'operator/override-data.schema.json').properties as Record<string, Json>;
    props.add_operator_logo!['x-operator-action'] = 'add_banner';
    expect(() => emitValueLists(set)).toThrow(/x-operator-action "add_banner" is no term's action/);
  });

  it('webhook events are the enum of the webhook schema', async () => {
    const set = await load();
    const events = (at(set, 'devtools/webhook.schema.json').properties as Record<string, Json>).events!;
    expect(generated.WEBHOOK_EVENTS.map((e) => e.value)).toEqual((events.items as Json).enum);
  });

  it('a state or an event added to a schema is a new member of the generated union and labels', async () => {
    const set = await load();
    const state = (at(set, 'stop-sale/event.schema.json').$defs as Record<string, Json>).state!;
    state.maximum = 5;
    (state['x-values'] as Json[]).push({
      value: 5,
      label: 'Allotment',
      code: 'allotment',
      mark: 'AL',
      colour: '#6a1b9a',
      palette: 'secondary',
    });
    const events = (at(set, 'devtools/webhook.schema.json').properties as Record<string, Json>).events!;
    (events.items as Json).enum = [...((events.items as Json).enum as string[]), 'room.updated'];
    const text = emitValueLists(set);
    expect(text).toContain('export type StopSaleState = 0 | 1 | 2 | 3 | 4 | 5;');
    expect(text).toContain(
      "{ value: 5, label: 'Allotment', code: 'allotment', colour: '#6a1b9a', mark: 'AL', palette: 'secondary' }",
    );
    expect(text).toMatch(/export type WebhookEvent = [^;]*\| 'room\.updated';/);
  });

  it('codegen refuses x-values that name other values than the schema allows', async () => {
    const set = await load();
    const state = (at(set, 'stop-sale/event.schema.json').$defs as Record<string, Json>).state!;
    state.maximum = 5; // a sixth state allowed, but not described
    expect(() => emitValueLists(set)).toThrow(/x-values name \[0,1,2,3,4\], the schema allows \[0,1,2,3,4,5\]/);
  });

  it('notification rules exist only for kinds of the option list', () => {
    const kinds = generated.NOTIFICATION_TYPE_OPTIONS.map((o) => o.value as string);
    for (const type of Object.keys(NOTIFICATION_TYPES)) expect(kinds).toContain(type);
  });

  it('term codes mean what their option lists say: Y/A yes, O/E approval, N no; stop-sale sync on Y and O', () => {
    const terms = (code: string) => ({ to_sync_ss: code, to_select_photos: code }) as unknown as ContractTermsWire;
    expect(['Y', 'A', 'O', 'E', 'N', 'Q'].map((c) => operatorMay(terms(c), 'select_photos'))).toEqual([
      'yes',
      'yes',
      'approval',
      'approval',
      'no',
      'no',
    ]);
    expect(['Y', 'O', 'N', 'A', 'E', null].map((c) => syncsStopSale(c))).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(generated.CONTRACT_STATUSES.map((s) => statusWords(s.value))).toEqual([
      'a draft',
      'pending',
      'changed (a counter-proposal)',
      'rejected',
      'canceled',
      'accepted',
    ]);
  });

  it("page sizes are the query schemas' x-page-size", async () => {
    const set = await load();
    expect(generated.PARTNERS_PAGE_SIZE).toBe(at(set, 'partners/page-query.schema.json')['x-page-size']);
    expect(generated.AUDIT_PAGE_SIZE).toBe(at(set, 'settings/audit-query.schema.json')['x-page-size']);
    expect([generated.PARTNERS_PAGE_SIZE, generated.AUDIT_PAGE_SIZE]).toEqual([20, 25]);
  });

  it('month and weekday names come from Intl as the chart, the PDF and the dashboard print them', () => {
    expect(MONTH_NAMES).toEqual([
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    expect(MONTH_SHORT_NAMES).toEqual([
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ]);
    expect(WEEKDAY_LETTERS).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
  });
});
