import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SettingsFrame } from '../../components/settings-frame';
import { CopyBlock } from '../../components/copy-block';
import { useT } from '../../i18n';
import { useRich } from './use-rich';

const origin = typeof window === 'undefined' ? '' : window.location.origin;

/** /api-integrations: how to use keys and the partner API, with examples to copy. */
export function IntegrationsPage() {
  const t = useT();
  const rich = useRich();
  const toolsLink = (chunks: ReactNode[]) => (
    <Link component={RouterLink} to="/dev-tools">
      {chunks}
    </Link>
  );
  return (
    <SettingsFrame
      title={t('devtools.integrations_title')}
      intro={t('devtools.integrations_intro')}
      back={{ to: '/dev-tools', label: t('devtools.title') }}
      width={900}
    >
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2">
          {t('devtools.step_key')}
        </Typography>
        <Typography>
          {rich('devtools.step_key_text', { link: toolsLink, ipv4: '203.0.113.7', ipv6: '2001:db8::/32' })}
        </Typography>
      </Box>
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2">
          {t('devtools.step_calls')}
        </Typography>
        <Typography>{rich('devtools.step_calls_text')}</Typography>
        <CopyBlock
          label={t('devtools.example_list')}
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/?updated_since=2026-01-01T00:00:00Z"`}
        />
        <CopyBlock
          label={t('devtools.example_facts')}
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/facts/"`}
        />
        <CopyBlock
          label={t('devtools.example_facts_ota')}
          text={`curl -H "X-Api-Key: $ANANAS_KEY" -H "Accept-Language: es" "${origin}/api/v1/properties/123/facts/ota/"`}
        />
        <CopyBlock
          label={t('devtools.example_photos')}
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/photos/"`}
        />
        <CopyBlock
          label={t('devtools.example_stop_sale_ota')}
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/stop-sale/ota/?from=2026-12-01&to=2026-12-31"`}
        />
        <CopyBlock
          label={t('devtools.example_ical')}
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/rooms/456/stop-sale/ical/"`}
        />
        <CopyBlock
          label={t('devtools.example_etag')}
          text={`curl -H "X-Api-Key: $ANANAS_KEY" -H 'If-None-Match: "<etag of the last answer>"' "${origin}/api/v1/properties/"`}
        />
        <Typography sx={{ mt: 1 }}>{rich('devtools.ota_text', { languages: 'en, es, ru, fa, de' })}</Typography>
        <Typography sx={{ mt: 1 }}>{rich('devtools.answers_text', { rate: 120 })}</Typography>
      </Box>
      <Box component="section">
        <Typography variant="h6" component="h2">
          {t('devtools.step_reference')}
        </Typography>
        <Typography>
          {rich('devtools.reference_text', {
            docs: (chunks) => <Link href="/api/docs">{chunks}</Link>,
            spec: (chunks) => (
              <Link href="/api/openapi.json" dir="ltr">
                {chunks}
              </Link>
            ),
          })}
        </Typography>
      </Box>
    </SettingsFrame>
  );
}
