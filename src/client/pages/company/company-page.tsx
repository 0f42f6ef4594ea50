import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useAbilities } from '../../session/use-can';
import { SettingsFrame } from '../../components/settings-frame';
import { CompanyForm } from './company-form';
import { useCompany } from './use-company';
import { useT } from '../../i18n';

/** /edit-companydetails: the company profile partners see; created when none exists, otherwise edited. */
export function CompanyPage() {
  const { data, isError } = useCompany();
  const abilities = useAbilities();
  const t = useT();
  return (
    <SettingsFrame
      title={t('company.title')}
      intro={t('company.intro')}
      back={{ to: '/user-settings', label: t('company.back') }}
    >
      {isError && <Alert severity="error">{t('company.load_failed')}</Alert>}
      {(!data || !abilities) && !isError && <LinearProgress aria-label={t('company.loading')} />}
      {data && abilities && (
        <CompanyForm company={data} canEdit={abilities.can('company')} accountId={abilities.accountId} />
      )}
    </SettingsFrame>
  );
}
