import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { useAbilities } from '../../session/use-can';
import { SettingsFrame } from '../settings/settings-frame';
import { CompanyForm } from './company-form';
import { useCompany } from './company-query';

/** /edit-companydetails: the company profile partners see; created when none exists, otherwise edited. */
export function CompanyPage() {
  const { data, isError } = useCompany();
  const abilities = useAbilities();
  return (
    <SettingsFrame
      title="Company details"
      intro="Your company as partners see it in your public profile: name, contacts, logo and links."
    >
      {isError && (
        <Alert severity="error">The company details could not be loaded. Reload the page to try again.</Alert>
      )}
      {(!data || !abilities) && !isError && <LinearProgress aria-label="Loading company details" />}
      {data && abilities && (
        <CompanyForm company={data} canEdit={abilities.can('company')} accountId={abilities.accountId} />
      )}
    </SettingsFrame>
  );
}
