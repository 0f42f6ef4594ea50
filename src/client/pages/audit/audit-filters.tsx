import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { asSection, choiceLabels, type Choice } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import queryForm from '../../../shared/generated/forms/audit-query';
import { auditQueryNames } from '../../../shared/generated/name-maps';
import type { AuditQueryWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';

interface Props {
  query: AuditQueryWire;
  properties: readonly Choice[];
  users: readonly Choice[];
  onApply(query: AuditQueryWire): void;
}

/** The trail's filters (property, user, kind, date range), drawn by the engine from the query schema; choices are fixed once shown. */
export function AuditFilters({ query, properties, users, onApply }: Props) {
  const choices = useMemo(() => ({ property: properties, user: users }), [properties, users]);
  const def = useMemo(() => asSection(queryForm, auditQueryNames, { choices }), [choices]);
  const labels = useMemo(() => choiceLabels(choices), [choices]);
  const [session] = useState(() => new FormSession(def, query));
  const t = useT();
  const apply = () => {
    const body = session.body();
    if (body) onApply({ ...(body as AuditQueryWire), page: 1 });
  };
  const clear = () => {
    session.reset({});
    onApply({});
  };
  return (
    <Box data-testid="audit-filters">
      <DefinitionForm session={session} idPrefix="audit" labels={labels} />
      <Box sx={{ display: 'flex', gap: 1, mb: 3 }}>
        <Button variant="contained" onClick={apply}>
          {t('audit.apply_filters')}
        </Button>
        <Button onClick={clear}>{t('audit.clear')}</Button>
      </Box>
    </Box>
  );
}
