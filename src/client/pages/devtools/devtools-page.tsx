import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useT } from '../../i18n';
import { useSession } from '../../session/session';
import { useRich } from './use-rich';
import { useAbilities } from '../../session/use-can';
import { SettingsFrame } from '../../components/settings-frame';
import { KeysSection } from './keys-section';
import { StatisticsSection } from './statistics-section';
import { WhitelistsSection } from './whitelists-section';
import { WebhooksSection } from './webhooks-section';
import { WidgetsSection } from './widgets-section';

/** /dev-tools: whitelists, API keys, webhooks, a hotel's website widgets and the statistics (the developer_tools permission). */
export function DevtoolsPage() {
  const abilities = useAbilities();
  const hotel = useSession()?.user.accountType === 'accommodation';
  const t = useT();
  const rich = useRich();
  const intro = rich('devtools.intro', {
    link: (chunks) => (
      <Link component={RouterLink} to="/api-integrations">
        {chunks}
      </Link>
    ),
  });
  return (
    <SettingsFrame title={t('devtools.title')} intro={intro} back={null}>
      {abilities && !abilities.can('developer_tools') ? (
        <Alert severity="info">{t('devtools.needs_permission')}</Alert>
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
