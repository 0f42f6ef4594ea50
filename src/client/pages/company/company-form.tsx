import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import companyForm from '../../../shared/generated/forms/company';
import { companyFormNames } from '../../../shared/generated/name-maps';
import type { CompanyFormWire, CompanyWire } from '../../../shared/generated/wire-types';
import { LogoInput } from '../properties/index';
import { useFormSave } from '../../components/use-form-save';
import { saveCompany } from './company-api';
import { useKeepCompany } from './use-company';
import { keepFocus } from '../../components/keep-focus';
import { useT } from '../../i18n';

interface Props {
  company: CompanyWire;
  canEdit: boolean;
  accountId: number;
}

/** The company form, drawn by the engine from its schema, with the logo picked and previewed beside it. */
export function CompanyForm({ company, canEdit, accountId }: Props) {
  const keepCompany = useKeepCompany();
  const t = useT();
  const def = useMemo(() => asSection(companyForm, companyFormNames, { hide: ['logo', 'removeLogo'] }), []);
  const [session] = useState(() => new FormSession(def, company));
  const [current, setCurrent] = useState<CompanyWire>(company);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const exists = current.user > 0;
  const { save, saving } = useFormSave(session, {
    send: (body: CompanyFormWire) => saveCompany(exists, body, logo, removeLogo),
    onSaved: (answer) => {
      setCurrent(answer);
      setLogo(null);
      setRemoveLogo(false);
      keepCompany(answer);
    },
    done: exists ? t('company.saved') : t('company.created'),
  });
  return (
    <>
      {!canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('company.no_permission')}
        </Alert>
      )}
      {!exists && canEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('company.none_yet')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <LogoInput
          current={current.logo}
          file={logo}
          remove={removeLogo}
          disabled={!canEdit}
          onFile={setLogo}
          onRemove={setRemoveLogo}
        />
      </Paper>
      <DefinitionForm session={session} idPrefix="company" readOnly={!canEdit} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        {canEdit && (
          <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
            {saving ? t('company.saving') : exists ? t('company.save') : t('company.create')}
          </Button>
        )}
        {exists && (
          <Button component={RouterLink} to={`/portfolio/${accountId}`}>
            {t('company.public_profile')}
          </Button>
        )}
      </Box>
    </>
  );
}
