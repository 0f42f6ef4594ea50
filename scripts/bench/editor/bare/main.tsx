/**
 * Bench-only page (never in dist/client): one fact section on a bare page, either drawn by stock
 * @rjsf/core + @rjsf/mui with @rjsf/validator-ajv8 in one form, the way rjsf is used out of the
 * box (the generated client schema and uiSchema, custom widget names dropped since stock rjsf
 * has none of them), or by the engine's own components. Same data, same page, no app shell: the
 * keystroke figures of the two compare like for like. The bench injects `window.benchInput`.
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
import type { SectionDefinition, SectionEntry } from '../../../../src/shared/section-types';
import { withDefaults } from '../../../../src/client/engine/core/defaults';
import { FormStore } from '../../../../src/client/engine/core/form-store';
import { ListController } from '../../../../src/client/engine/data/list-controller';
import { SectionForm } from '../../../../src/client/engine/form/section-form';
import { ListSection } from '../../../../src/client/engine/views/list-section';

declare global {
  interface Window {
    benchInput: { section: 'sports-wellness' | 'rooms'; data: unknown; mode: 'stock' | 'engine' };
    benchRendered?: number;
  }
}

const STOCK_WIDGETS = new Set([
  'hidden',
  'textarea',
  'email',
  'password',
  'color',
  'radio',
  'select',
  'checkbox',
  'checkboxes',
  'range',
  'updown',
  'date',
  'time',
]);

/** The generated uiSchema with only the widget names stock rjsf knows. */
function stockUi(ui: unknown): unknown {
  if (Array.isArray(ui) || ui === null || typeof ui !== 'object') return ui;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(ui)) {
    if (k === 'ui:widget' && !STOCK_WIDGETS.has(String(v))) continue;
    out[k] = stockUi(v);
  }
  return out;
}

const { section, data, mode } = window.benchInput;
const def = (section === 'rooms' ? room : sports) as SectionDefinition;
const started = performance.now();

/** Marks the first paint after the page is committed (reported as its first render). */
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

function Stock() {
  const schema = (section === 'rooms' ? { type: 'array', items: def.schema } : def.schema) as RJSFSchema;
  const uiSchema = (section === 'rooms' ? { items: stockUi(def.uiSchema) } : stockUi(def.uiSchema)) as UiSchema;
  const formData =
    section === 'rooms' ? (data as unknown[]).map((r) => fromWireWith(r, def.names)) : fromWireWith(data, def.names);
  return <Form schema={schema} uiSchema={uiSchema} validator={validator} formData={formData} />;
}

const noop = () => undefined;

function Engine() {
  if (section === 'rooms') {
    const entry: SectionEntry = { ...def, load: () => Promise.resolve(def) };
    const controller = new ListController(entry, 1, { call: () => Promise.resolve(data) });
    void controller.load().then(() => controller.open(controller.getState().rows[0]!.uid));
    return <ListSection controller={controller} heading="Rooms" />;
  }
  const store = new FormStore(
    withDefaults(def.schema, { ...(fromWireWith(data, def.names) as Record<string, unknown>) }),
  );
  return (
    <section data-section={def.key}>
      <SectionForm def={def} store={store} readOnly={false} idPrefix={def.key} onBlurField={noop} />
    </section>
  );
}

createRoot(document.getElementById('root')!).render(
  <ThemeProvider theme={createTheme()}>
    <div data-testid={`tab-${section}`}>{mode === 'stock' ? <Stock /> : <Engine />}</div>
    <Painted />
  </ThemeProvider>,
);
