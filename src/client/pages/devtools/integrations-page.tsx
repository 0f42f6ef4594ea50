import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { SettingsFrame } from '../settings/settings-frame';
import { CopyBlock } from './copy-block';

const origin = typeof window === 'undefined' ? '' : window.location.origin;

/** /api-integrations: how to use keys and the partner API, with examples to copy. */
export function IntegrationsPage() {
  return (
    <SettingsFrame
      title="API integrations"
      intro="Pull your properties' facts and photos into your own systems."
      back={{ to: '/dev-tools', label: 'Developer tools' }}
      width={900}
    >
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2">
          1. A key
        </Typography>
        <Typography>
          In{' '}
          <Link component={RouterLink} to="/dev-tools">
            Developer tools
          </Link>
          , add a whitelist entry with the addresses your servers call from (e.g. <code>203.0.113.7</code> or{' '}
          <code>2001:db8::/32</code>), then create an API key with the scopes it needs. Copy the key when it is shown:
          it is shown once.
        </Typography>
      </Box>
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2">
          2. Calls
        </Typography>
        <Typography>
          Send the key in the <code>X-Api-Key</code> header, never in the address. Hotels see their own properties; tour
          operators the hotels their contracts cover, with their overrides and codes.
        </Typography>
        <CopyBlock
          label="List properties"
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/?updated_since=2026-01-01T00:00:00Z"`}
        />
        <CopyBlock
          label="A property's facts"
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/facts/"`}
        />
        <CopyBlock
          label="Its facts as OTA_HotelDescriptiveInfoRS XML, in Spanish"
          text={`curl -H "X-Api-Key: $ANANAS_KEY" -H "Accept-Language: es" "${origin}/api/v1/properties/123/facts/ota/"`}
        />
        <CopyBlock
          label="Its photos"
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/photos/"`}
        />
        <CopyBlock
          label="Stop-sale as OTA_HotelAvailNotifRQ XML"
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/stop-sale/ota/?from=2026-12-01&to=2026-12-31"`}
        />
        <CopyBlock
          label="A room's stop-sale iCal feed"
          text={`curl -H "X-Api-Key: $ANANAS_KEY" "${origin}/api/v1/properties/123/rooms/456/stop-sale/ical/"`}
        />
        <CopyBlock
          label="Poll cheaply with the ETag"
          text={`curl -H "X-Api-Key: $ANANAS_KEY" -H 'If-None-Match: "<etag of the last answer>"' "${origin}/api/v1/properties/"`}
        />
        <Typography sx={{ mt: 1 }}>
          The OTA answers follow the OpenTravel 2015A schemas: hotel content with its name and codes, address, position,
          contacts, descriptions, policies, guest rooms, restaurants and bars, area information and photo URLs (labels
          in <code>?lang=</code> en, es, ru or fa, else your <code>Accept-Language</code>); a code longer than
          OTA&apos;s 16 characters is left out and named in a <code>Warning</code> header.
        </Typography>
        <Typography sx={{ mt: 1 }}>
          Answers: 401 without a valid, unexpired key; 403 from an address outside its whitelist or without the scope;
          404 for a property you may not see; 429 with <code>Retry-After</code> past the key's rate (120 calls a
          minute); 304 when nothing changed; 409 for a stop-sale OTA feed of a property without rooms.
        </Typography>
      </Box>
      <Box component="section">
        <Typography variant="h6" component="h2">
          3. Reference
        </Typography>
        <Typography>
          Every call: <Link href="/api/docs">API documentation</Link> and the OpenAPI 3.1 document{' '}
          <Link href="/api/openapi.json">/api/openapi.json</Link>.
        </Typography>
      </Box>
    </SettingsFrame>
  );
}
