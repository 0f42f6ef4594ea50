import { Fragment, useMemo, useState } from 'react';
import Form from '@rjsf/mui';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { SectionDefinition } from '../../../shared/section-types';
import type { FormStore } from '../core/form-store';
import { buildLayout, type SectionLayout } from '../core/layout';
import { precompiledValidator } from '../core/rjsf-validator';
import { ENGINE_FIELDS, ENGINE_TEMPLATES, ENGINE_WIDGETS } from '../widgets/registry';
import { EngineContext, type Engine } from './engine-context';
import { useLocalDefinition } from '../texts/use-schema-texts';

interface Prepared {
  layout: SectionLayout;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

const prepared = new WeakMap<SectionDefinition, Prepared>();

/** What a section's forms share, computed once per section definition. */
export function prepare(def: SectionDefinition): Prepared {
  let p = prepared.get(def);
  if (!p) {
    p = {
      layout: buildLayout(def.schema, def.uiSchema, def.title),
      uiSchema: { ...def.uiSchema, 'ui:field': 'engineSection' } as UiSchema,
      validator: precompiledValidator(def),
    };
    prepared.set(def, p);
  }
  return p;
}

export interface SectionFormProps {
  def: SectionDefinition;
  store: FormStore;
  readOnly: boolean;
  idPrefix: string;
  onBlurField(key: string): void;
}

const noButtons = <Fragment />;

/**
 * One section (or one list row), its texts in the interface's language, as an rjsf form with the MUI theme: the generated client schema
 * and uiSchema, the precompiled validator, and the engine's fields, widgets and templates. Every
 * prop handed to rjsf is stable, so rjsf renders once; the fields follow the store.
 */
export function SectionForm({ def: english, store, readOnly, idPrefix, onBlurField }: SectionFormProps) {
  // The schema's texts in the interface's language (one definition per language, kept).
  const def = useLocalDefinition(english);
  const { layout, uiSchema, validator } = prepare(def);
  const engine = useMemo<Engine>(
    () => ({ store, layout, readOnly, idPrefix, onBlurField }),
    [store, layout, readOnly, idPrefix, onBlurField],
  );
  const [initial] = useState(() => store.get());
  return (
    <EngineContext.Provider value={engine}>
      <Form
        schema={def.schema as RJSFSchema}
        uiSchema={uiSchema}
        validator={validator}
        formData={initial}
        fields={ENGINE_FIELDS}
        widgets={ENGINE_WIDGETS}
        templates={ENGINE_TEMPLATES}
        readonly={readOnly}
        idPrefix={idPrefix}
        tagName="div"
        noHtml5Validate
      >
        {noButtons}
      </Form>
    </EngineContext.Provider>
  );
}
