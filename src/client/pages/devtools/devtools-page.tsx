import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useSession } from '../../session/session';
import { useAbilities } from '../../session/use-can';
import { SettingsFrame } from '../settings/settings-frame';
import { KeysSection } from './keys-section';
import { StatisticsSection } from './statistics-section';
import { WhitelistsSection } from './whitelists-section';
import { WebhooksSection } from './webhooks-section';
import { WidgetsSection } from './widgets-section';

/** /dev-tools: whitelists, API keys, webhooks, a hotel's website widgets and the statistics (the developer_tools permission). */
export function DevtoolsPage() {
  const abilities = useAbilities();
  const hotel = useSession()?.user.accountType === 'accommodation';
  const intro = (
    <>
      Let your systems read your data through the partner API. How to use it:{' '}
      <Link component={RouterLink} to="/api-integrations">
        API integrations
      </Link>
      .
    </>
  );
  return (
    <SettingsFrame title="Developer tools" intro={intro} back={null}>
      {abilities && !abilities.can('developer_tools') ? (
        <Alert severity="info">You need the developer tools permission to see this page.</Alert>
      ) : (
        <>
          <WhitelistsSection />
          <KeysSection />
          <WebhooksSection />
          {hotel && <WidgetsSection />}
          <StatisticsSection />
        </>
      )}
    </SettingsFrame>
  );
}
