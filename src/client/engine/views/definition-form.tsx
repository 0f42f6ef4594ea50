import { useMemo } from 'react';
import type { OptionLabels } from '../data/options';
import { LabelsContext } from '../form/engine-context';
import { useTopErrors } from '../form/hooks';
import { SectionForm } from '../form/section-form';
import { useAccountLabels } from './account-labels';
import type { FormSession } from './form-session';
import { SectionErrors } from './section-errors';
import { useFirstError } from './use-first-error';

interface Props {
  session: FormSession;
  /** Prefix of the form's element ids: unique on the page. */
  idPrefix: string;
  readOnly?: boolean;
  /** Words of run-time choices (see choiceLabels), beside the settings option lists. */
  labels?: OptionLabels;
}

/**
 * A settings form (x-form schema) drawn by the engine: its messages above, then the groups and
 * fields of the generated definition, with the settings option lists' words. The page owns the
 * buttons and the calls; the session owns the values.
 */
export function DefinitionForm({ session, idPrefix, readOnly = false, labels }: Props) {
  const account = useAccountLabels();
  const merged = useMemo<OptionLabels>(() => (labels ? new Map([...account, ...labels]) : account), [account, labels]);
  const top = useTopErrors(session.store);
  const shown = useFirstError(top);
  return (
    <LabelsContext.Provider value={merged}>
      <div data-form={session.def.key} ref={shown}>
        <SectionErrors messages={top} testId={`${idPrefix}-errors`} />
        <SectionForm
          def={session.def}
          store={session.store}
          readOnly={readOnly}
          idPrefix={idPrefix}
          onBlurField={session.validateField}
        />
      </div>
    </LabelsContext.Provider>
  );
}
