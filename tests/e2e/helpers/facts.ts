import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { buildLayout, type FieldNode } from '../../../src/client/engine/core/layout';
import type { SectionDefinition } from '../../../src/shared/section-types';
import type { Portal } from './portal.js';
import { createUser, signInApi } from './users.js';

const root = path.resolve(import.meta.dirname, '../../..');

/** A JSON call as the owner (wire names, as the API speaks). */
export async function apiCall(portal: Portal, token: string, method: string, url: string, body?: unknown) {
  const res = await fetch(`${portal.url}${url}`, {
    method,
    headers: { authorization: `Token ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown> & unknown[]) : ({} as never) };
}

/** An accommodation owner with one property, made through the API. */
export async function ownerWithProperty(portal: Portal, hotelName = 'Hotel Ananas Playa') {
  const owner = await createUser(portal);
  const token = await signInApi(portal, owner.email);
  const form = new FormData();
  form.set('hotel_name', hotelName);
  form.set('country', 'ES');
  form.set('state', 'PM');
  form.set('city', 'Palma');
  const res = await fetch(`${portal.url}/api/facts/property/create/`, {
    method: 'POST',
    headers: { authorization: `Token ${token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const property = (await res.json()) as { id: number };
  return { ...owner, token, propertyId: property.id };
}

/** The editor at a tab, its sections loaded and every card mounted. */
export async function openTab(page: Page, propertyId: number, tab: string): Promise<void> {
  await page.goto(`/property/${propertyId}/${tab}`);
  await waitForTab(page, tab);
}

export async function waitForTab(page: Page, tab: string): Promise<void> {
  const panel = page.getByTestId(`tab-${tab}`);
  await panel.locator('[data-section]').first().waitFor();
  await expect
    .poll(() => page.locator(`[data-testid="tab-${tab}"] [role="progressbar"], [data-pending-group]`).count())
    .toBe(0);
}

/** English option labels, as the options API gives them. */
const labelCache = new Map<string, Map<string, string>>();
export function optionLabel(category: string | undefined, value: unknown): string {
  if (!category) return String(value);
  let labels = labelCache.get(category);
  if (!labels) {
    const list = JSON.parse(readFileSync(path.join(root, 'schemas/options', `${category}.json`), 'utf8')) as {
      options: { value: unknown; label: { en: string } }[];
    };
    labels = new Map(list.options.map((o) => [String(o.value), o.label.en]));
    labelCache.set(category, labels);
  }
  return labels.get(String(value)) ?? String(value);
}

/** The first field of each widget kind that shows without any condition, in a section. */
export function fieldsByKind(def: SectionDefinition): Map<string, FieldNode> {
  const layout = buildLayout(def.schema, def.uiSchema, def.title);
  const out = new Map<string, FieldNode>();
  for (const group of layout.groups) {
    if (group.conditions.length) continue;
    for (const node of [
      ...group.fields,
      ...group.fields.flatMap((f) => (f.unit ? [f.unit] : f.rangeEnd ? [f.rangeEnd] : [])),
    ]) {
      const kind = group.layout === 'table' ? `table-${node.widget}` : node.widget;
      if (node.conditions.length || node.readOnly || out.has(kind)) continue;
      out.set(kind, node);
    }
  }
  return out;
}

/** A value a field accepts, and how it reads back in the API's wire form. */
export function sampleValue(node: FieldNode): unknown {
  const choices = (node.schema.enum ?? node.schema.items?.enum ?? []).filter((v) => v !== null);
  switch (node.widget) {
    case 'select':
    case 'rating':
    case 'charges':
      return choices[choices.length > 1 ? 1 : 0];
    case 'chips':
      return [choices[0]];
    case 'yesno':
      return true;
    case 'time':
      return '08:30';
    case 'date':
      return '2026-05-01';
    case 'currency':
      return 'EUR';
    case 'email':
      return 'desk@example.com';
    case 'phone':
      return '+34 971 000 111';
    case 'number': {
      const min = Number(node.schema.minimum ?? 0);
      const max = node.schema.maximum === undefined ? min + 50 : Number(node.schema.maximum);
      return Math.min(max, min + 7);
    }
    default:
      return `${node.title} sample`.slice(0, Number(node.schema.maxLength ?? 100));
  }
}

/** The input a label names (a card titled like its field is labelled too). */
export function inputOf(scope: Locator, node: FieldNode): Locator {
  return scope.getByLabel(node.title, { exact: true }).and(scope.locator('input, textarea'));
}

/** Fill one field as a person does, by its label. */
export async function fill(scope: Locator, node: FieldNode, value: unknown, table = false): Promise<void> {
  const page = scope.page();
  if (table) {
    if (node.widget === 'yesno')
      return scope
        .getByRole('checkbox', { name: node.title, exact: true })
        .first()
        .setChecked(value === true);
    if (['select', 'charges', 'rating'].includes(node.widget)) {
      await scope
        .getByRole('combobox', { name: node.title, exact: true })
        .first()
        .selectOption({ label: optionLabel(node.category, value) });
      return;
    }
    return scope.getByRole('textbox', { name: node.title, exact: true }).first().fill(String(value));
  }
  switch (node.widget) {
    case 'yesno':
      return scope
        .getByRole('group', { name: node.title, exact: true })
        .getByRole('button', { name: value ? 'Yes' : 'No' })
        .click();
    case 'charges':
      return scope
        .getByRole('group', { name: node.title, exact: true })
        .getByRole('button', { name: optionLabel(node.category, value), exact: true })
        .click();
    case 'select':
    case 'rating':
      await scope.getByRole('combobox', { name: node.title, exact: true }).click();
      return page.getByRole('option', { name: optionLabel(node.category, value), exact: true }).click();
    case 'chips': {
      const input = scope.getByRole('combobox', { name: node.title, exact: true });
      await input.click();
      // Start from an empty list: Backspace in the empty input removes the last chip.
      const chips = await input
        .locator('xpath=ancestor::div[contains(@class,"MuiAutocomplete-root")]')
        .locator('.MuiChip-root')
        .count();
      for (let i = 0; i < chips; i++) await page.keyboard.press('Backspace');
      for (const v of value as unknown[])
        await page.getByRole('option', { name: optionLabel(node.category, v), exact: true }).click();
      return page.keyboard.press('Escape');
    }
    case 'currency':
      await scope.getByRole('combobox', { name: node.title, exact: true }).fill(String(value));
      return page.getByRole('option', { name: new RegExp(`^${String(value)}\\b`) }).click();
    default:
      return inputOf(scope, node).fill(String(value));
  }
}

/** The field shows `value` (after a reload); retried until it does or the poll gives up. */
export async function expectShown(scope: Locator, node: FieldNode, value: unknown, table = false): Promise<void> {
  const label = (v: unknown) => optionLabel(node.category, v);
  if (table) {
    if (node.widget === 'yesno')
      return expect
        .poll(() => scope.getByRole('checkbox', { name: node.title, exact: true }).first().isChecked())
        .toBe(true);
    if (['select', 'charges', 'rating'].includes(node.widget)) {
      return expect
        .poll(() =>
          scope.getByRole('combobox', { name: node.title, exact: true }).first().locator('option:checked').innerText(),
        )
        .toBe(label(value));
    }
    return expect
      .poll(() => scope.getByRole('textbox', { name: node.title, exact: true }).first().inputValue())
      .toBe(String(value));
  }
  switch (node.widget) {
    case 'yesno':
    case 'charges': {
      const name = node.widget === 'yesno' ? (value ? 'Yes' : 'No') : label(value);
      const button = scope
        .getByRole('group', { name: node.title, exact: true })
        .getByRole('button', { name, exact: true });
      return expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
    }
    case 'select':
    case 'rating':
      return expect
        .poll(() => scope.getByRole('combobox', { name: node.title, exact: true }).innerText())
        .toBe(label(value));
    case 'chips': {
      // Until it is used, a chips field is drawn as plain markup: the chips are inside it.
      const box = scope.getByRole('combobox', { name: node.title, exact: true });
      for (const v of value as unknown[])
        await expect.poll(() => box.getByRole('button', { name: label(v), exact: true }).count()).toBe(1);
      return;
    }
    case 'currency':
      return expect
        .poll(() => scope.getByRole('combobox', { name: node.title, exact: true }).inputValue())
        .toMatch(new RegExp(`^${String(value)}`));
    default:
      return expect.poll(() => inputOf(scope, node).inputValue()).toBe(String(value));
  }
}

/** Click Save and wait for the tab's "saved" notice. */
export async function saveTab(page: Page, label: string): Promise<void> {
  const saved = page.getByText(`${label} saved.`);
  // An earlier save's message can still be on screen (a snackbar stays a few seconds): marked
  // first, so only this save's own message counts (a second save returned before it had landed).
  await saved.evaluateAll((elements) => elements.forEach((e) => e.setAttribute('data-earlier-save', '')));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await saved.and(page.locator(':not([data-earlier-save])')).first().waitFor();
}
