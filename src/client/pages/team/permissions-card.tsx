import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { asSection, choiceLabels, type Choice } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import permissionsForm from '../../../shared/generated/forms/permissions';
import { permissionsNames } from '../../../shared/generated/name-maps';
import type { PermissionsWire } from '../../../shared/generated/wire-types';
import { useFormSave } from '../../components/use-form-save';
import { useMemberPermissions } from './use-team';
import { keepFocus } from '../../components/keep-focus';
import { useT } from '../../i18n';

function PermissionsForm({
  permissions,
  properties,
  send,
  saved,
}: {
  permissions: PermissionsWire;
  properties: readonly Choice[];
  send(body: PermissionsWire): Promise<PermissionsWire>;
  saved(answer: PermissionsWire): void;
}) {
  const t = useT();
  const choices = useMemo(() => ({ propertiesAllowed: properties }), [properties]);
  const def = useMemo(() => asSection(permissionsForm, permissionsNames, { choices }), [choices]);
  const labels = useMemo(() => choiceLabels(choices), [choices]);
  const [session] = useState(() => new FormSession(def, permissions));
  const { save, saving } = useFormSave(session, {
    send,
    onSaved: saved,
    done: t('team.permissions_saved'),
  });
  return (
    <>
      <DefinitionForm session={session} idPrefix="permissions" labels={labels} />
      <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
        {t(saving ? 'team.saving' : 'team.save_permissions')}
      </Button>
    </>
  );
}

/** What a team member may do (every flag), their role in the hotel and the properties they may see. */
export function PermissionsCard({ userId }: { userId: number }) {
  const { permissions, choices, failed, send, saved } = useMemberPermissions(userId);
  const t = useT();
  return (
    <section aria-label={t('team.permissions')}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('team.permissions')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('team.permissions_help')}
      </Typography>
      {failed && <Alert severity="error">{t('team.permissions_not_loaded')}</Alert>}
      {(!permissions || !choices) && !failed && <LinearProgress aria-label={t('team.loading_permissions')} />}
      {permissions && choices && (
        <PermissionsForm permissions={permissions} properties={choices} send={send} saved={saved} />
      )}
    </section>
  );
}
