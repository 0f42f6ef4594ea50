/**
 * Bench-only page (never in dist/client): stock @rjsf/core + @rjsf/mui with @rjsf/validator-ajv8
 * rendering a fact section in one form, the way rjsf is used out of the box: the generated
 * client schema and uiSchema (custom widget names dropped, since stock rjsf has none of them),
 * the same data. The bench injects `window.benchInput` before the page loads.
 */
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import Form from '@rjsf/mui';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import { fromWireWith } from '../../../../src/shared/case';
import room from '../../../../src/shared/generated/sections/room';
import sports from '../../../../src/shared/generated/sections/sports-wellness';

declare global {
  interface Window {
    benchInput: { section: 'sports-wellness' | 'rooms'; data: unknown };
    benchRendered?: number;
  }
}

const STOCK_WIDGETS = new Set(['hidden', 'textarea', 'email', 'password', 'color', 'radio', 'select', 'checkbox', 'checkboxes', 'range', 'updown', 'date', 'time']);

/** The generated uiSchema with only the widget names stock rjsf knows. */
function stock(ui: unknown): unknown {
  if (Array.isArray(ui) || ui === null || typeof ui !== 'object') return ui;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ui)) {
    if (k === 'ui:widget' && !STOCK_WIDGETS.has(String(v))) continue;
    out[k] = stock(v);
  }
  return out;
}

const { section, data } = window.benchInput;
const def = section === 'rooms' ? room : sports;
const schema = (section === 'rooms' ? { type: 'array', items: def.schema } : def.schema) as RJSFSchema;
const uiSchema = (section === 'rooms' ? { items: stock(def.uiSchema) } : stock(def.uiSchema)) as UiSchema;
const formData = section === 'rooms' ? (data as unknown[]).map((r) => fromWireWith(r, def.names)) : fromWireWith(data, def.names);

const started = performance.now();

/** Marks the first paint after the form is committed (the time the bench reports as first render). */
function Painted() {
  useLayoutEffect(() => {
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (window.benchRendered = performance.now() - started);
      ch.port2.postMessage(0);
    });
  }, []);
  return null;
}

createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={createTheme()}>
    <Form schema={schema} uiSchema={uiSchema} validator={validator} formData={formData} />
    <Painted />
  </ThemeProvider>,
);
