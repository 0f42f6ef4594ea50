import Alert from '@mui/material/Alert';
import { useFormat, useT, type Formatters, type Translate } from '../../i18n';
import type { Photo } from './gallery-api';

type Held = Pick<Photo, 'held_back' | 'licence_ends'>;

/** Why the photo is held back, in words ("Not passed on to partners", "Licence ended on 3 May 2026"); null when it is not. */
export function heldBackText(photo: Held, t: Translate, format: Pick<Formatters, 'date'>): string | null {
  if (photo.held_back === 'not-passed-on') return t('gallery.held_not_passed_on');
  if (photo.held_back === 'licence-ended')
    return t('gallery.held_licence_ended', { date: photo.licence_ends ? format.date(photo.licence_ends) : '' });
  return null;
}

/** The mark on a held-back tile: the reason, visible on the thumbnail (the tile's label says it to screen readers). */
export function HeldBackMark({ reason, text }: { reason: Photo['held_back']; text: string }) {
  return (
    <span className="held" aria-hidden="true" data-testid="held-back-mark" data-reason={reason ?? undefined}>
      {text}
    </span>
  );
}

/** In the side panel: the photo does not leave the account, and why. */
export function HeldBackNote({ photo }: { photo: Held }) {
  const t = useT();
  const text = heldBackText(photo, t, useFormat());
  if (!text) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="held-back-note">
      {t('gallery.held_note', { reason: text })}
    </Alert>
  );
}
