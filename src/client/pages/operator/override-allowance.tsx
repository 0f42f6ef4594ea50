/** What the contract allows, shown before the override form so the operator knows which changes go straight and which wait. */
import Alert from '@mui/material/Alert';
import {
  OPERATOR_ACTION_TERMS,
  OVERRIDE_SETTING_ACTIONS,
  type OperatorAction,
} from '../../../shared/generated/value-lists';
import type { OverrideStateWire } from '../../../shared/generated/wire-types';
import type { MessageKey } from '../../../shared/i18n/messages';
import { useFormat, useT } from '../../i18n';
import { useContractLabels } from '../partners/index';
import type { OverrideNames } from './override-names';

const MODE_WORDS: Record<'direct' | 'approval' | 'none', MessageKey> = {
  direct: 'operator.mode_direct',
  approval: 'operator.mode_approval',
  none: 'operator.mode_none',
};
/**
 * The operator's own settings for the hotel the contract may refuse (their reasons are shown in the
 * allowance): the actions governing the override document's settings, in the contract's order.
 */
const SETTING_ACTIONS: ReadonlySet<string> = new Set(Object.values(OVERRIDE_SETTING_ACTIONS));
const SETTING_REASONS = (Object.keys(OPERATOR_ACTION_TERMS) as OperatorAction[]).filter(
  (a): a is Exclude<OperatorAction, 'edit_facts'> => SETTING_ACTIONS.has(a),
);

/** What the contract lets the operator do: per way a change goes, the fields and groups it covers. */
export function Allowance({ state, names }: { state: OverrideStateWire; names: OverrideNames }) {
  const t = useT();
  const fmt = useFormat();
  const levels = useContractLabels();
  const a = state.permissions;
  const lines = (['direct', 'approval', 'none'] as const)
    .map((mode) => {
      const fields = a.fields.filter((f) => f.mode === mode);
      return { mode, names: [...new Set(fields.map(names.allowance))] };
    })
    .filter((l) => l.names.length);
  return (
    <Alert
      severity={a.hotel_allows && a.edit_facts !== 'N' ? 'info' : 'warning'}
      sx={{ mb: 2 }}
      data-testid="allowance"
    >
      {a.reasons.facts && (
        <div data-testid="refusal-reason">
          {a.reasons.facts} {t('operator.only_settings_change')}
        </div>
      )}
      <div>
        {/* In the contract's own words (its terms show the same label), never a bare code. */}
        {a.moderation_code
          ? t('operator.moderation_level', {
              level: levels.get('contractModeration')?.get(a.moderation_code) ?? String(a.moderation),
            })
          : t('operator.moderation_level_undefined')}
      </div>
      {lines.map((l) => (
        <div key={l.mode}>{t(MODE_WORDS[l.mode], { fields: fmt.list(l.names) })}</div>
      ))}
      {/* Why each of your settings is refused, and who can change it. */}
      {SETTING_REASONS.map((k) => a.reasons[k])
        .filter(Boolean)
        .map((why) => (
          <div key={why} data-testid="refusal-reason">
            {why}
          </div>
        ))}
    </Alert>
  );
}
