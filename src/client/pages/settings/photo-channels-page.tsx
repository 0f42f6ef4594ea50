import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { asSection } from '../../engine/core/form-adapter';
import { DefinitionForm } from '../../engine/views/definition-form';
import { FormSession } from '../../engine/views/form-session';
import { useAbilities } from '../../session/use-can';
import photoChannelsForm from '../../../shared/generated/forms/photo-channels';
import { photoChannelsNames } from '../../../shared/generated/name-maps';
import type { PhotoChannelsWire } from '../../../shared/generated/wire-types';
import { useT } from '../../i18n';
import { SettingsFrame } from '../../components/settings-frame';
import { useFormSave } from '../../components/use-form-save';
import { keepFocus } from '../../components/keep-focus';
import { usePhotoChannels } from './use-photo-channels';

function PhotoChannelsForm({
  current,
  owner,
  channels,
}: {
  current: PhotoChannelsWire;
  owner: boolean;
  channels: ReturnType<typeof usePhotoChannels>;
}) {
  const t = useT();
  const def = useMemo(() => asSection(photoChannelsForm, photoChannelsNames), []);
  const [session] = useState(() => new FormSession(def, current));
  const { save, saving } = useFormSave(session, {
    send: channels.send,
    onSaved: channels.saved,
    done: t('settings.photo_channels_saved'),
  });
  return (
    <>
      {!owner && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('settings.owner_only')}
        </Alert>
      )}
      <DefinitionForm session={session} idPrefix="photo-channels" readOnly={!owner} />
      {owner && (
        <Button variant="contained" onClick={() => void save()} onMouseDown={keepFocus} disabled={saving}>
          {t(saving ? 'settings.saving' : 'settings.save')}
        </Button>
      )}
    </>
  );
}

/**
 * /edit-photochannels (tour operators): the channels the operator passes its hotels' photos on
 * to, whose photo rules its hotels then see checked against their gallery (issue 40 §4). The
 * choices are the channels of schemas/partner-photo-rules.json; the owner sets them.
 */
export function PhotoChannelsPage() {
  const t = useT();
  const owner = useAbilities()?.owner ?? false;
  const channels = usePhotoChannels();
  const { current: data, failed: isError } = channels;
  return (
    <SettingsFrame title={t('settings.photo_channels_title')} intro={t('settings.photo_channels_intro')}>
      {isError && <Alert severity="error">{t('settings.photo_channels_not_loaded')}</Alert>}
      {!data && !isError && <LinearProgress aria-label={t('settings.photo_channels_loading')} />}
      {data && <PhotoChannelsForm current={data} owner={owner} channels={channels} />}
    </SettingsFrame>
  );
}
