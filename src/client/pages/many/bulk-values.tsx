import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { SectionDefinition, UiSchema } from '../../../shared/section-types';
import { useOptionLabels } from '../../engine/data/use-option-labels';
import { LabelsContext } from '../../engine/form/engine-context';
import { useTopErrors } from '../../engine/form/hooks';
import { SectionForm } from '../../engine/form/section-form';
import type { FormSession } from '../../engine/views/form-session';
import { SectionErrors } from '../../engine/views/section-errors';
import { useLocalDefinition } from '../../engine/texts/use-schema-texts';
import { useT } from '../../i18n';

const BOOKKEEPING = new Set(['id', 'hotel', 'version']);

/** The fields a bulk edit may set: the section's top-level fields (client names) with their titles. */
export function editableFields(def: SectionDefinition): { name: string; title: string }[] {
  return Object.entries(def.schema.properties ?? {})
    .filter(([name]) => !BOOKKEEPING.has(name))
    .map(([name, s]) => ({ name, title: typeof s.title === 'string' ? s.title : name }));
}

/** The section's definition with every field but the chosen ones hidden (same schema and validator). */
function narrowed(def: SectionDefinition, chosen: readonly string[]): SectionDefinition {
  const ui: UiSchema = { ...def.uiSchema };
  for (const name of Object.keys(def.schema.properties ?? {})) {
    if (!chosen.includes(name)) ui[name] = { ...((ui[name] as UiSchema | undefined) ?? {}), 'ui:widget': 'hidden' };
  }
  return { ...def, uiSchema: ui };
}

interface Props {
  def: SectionDefinition;
  session: FormSession;
  chosen: readonly string[];
  onChoose(name: string, on: boolean): void;
}

/** Pick fields of the section, then give their new values in the engine's own widgets. */
export function BulkValues({ def, session, chosen, onChoose }: Props) {
  const labels = useOptionLabels();
  const t = useT();
  // The titles the form shows: the section's schema texts in the interface's language.
  const local = useLocalDefinition(def);
  const fields = useMemo(() => editableFields(local), [local]);
  const shown = useMemo(() => narrowed(def, chosen), [def, chosen]);
  const top = useTopErrors(session.store);
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('many.fields_to_set')}
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr', md: '1fr 1fr 1fr' }, mb: 2 }}
        data-testid="bulk-fields"
      >
        {fields.map((f) => (
          <FormControlLabel
            key={f.name}
            control={
              <Checkbox checked={chosen.includes(f.name)} onChange={(e) => onChoose(f.name, e.target.checked)} />
            }
            label={f.title}
          />
        ))}
      </Box>
      {chosen.length > 0 && (
        <LabelsContext.Provider value={labels}>
          <Box data-testid="bulk-values">
            <SectionErrors messages={top} testId="bulk-values-errors" />
            {/* A new form per choice of fields: the engine prepares a definition once. */}
            <SectionForm
              key={chosen.join(',')}
              def={shown}
              store={session.store}
              readOnly={false}
              idPrefix="bulk"
              onBlurField={session.validateField}
            />
          </Box>
        </LabelsContext.Provider>
      )}
    </Box>
  );
}
