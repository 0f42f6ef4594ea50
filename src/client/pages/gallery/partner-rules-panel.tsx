import { useMemo } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { useTranslator } from '../../i18n/translator-context';
import { describeProblem } from '../../../shared/photo-rules/describe';
import type { PhotoRuleSet } from '../../../shared/photo-rules/check';
import type { GalleryRoom, Photo } from './gallery-api';
import { channelViews, type ChannelView } from './partner-rules-verdicts';

function ChannelRules({
  view,
  titleOf,
  roomName,
  onOpen,
}: {
  view: ChannelView;
  titleOf(id: number): string;
  roomName(id: number): string;
  onOpen(id: number): void;
}) {
  const t = useT();
  const tr = useTranslator();
  const { rules, verdict } = view;
  const refused = verdict.photos.filter((p) => !p.passes);
  const counts = [...verdict.property, ...verdict.rooms.flatMap((r) => r.problems)];
  return (
    <Accordion disableGutters data-testid="partner-rules-channel" data-channel={rules.key}>
      <AccordionSummary aria-controls={`photo-rules-${rules.key}`} id={`photo-rules-${rules.key}-head`}>
        <Typography sx={{ fontWeight: 500, mr: 1 }}>{rules.name}</Typography>
        {verdict.passes ? (
          <Chip size="small" color="success" variant="outlined" label={t('photo-rules.passes')} />
        ) : (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={t('photo-rules.problems', { count: verdict.problemCount })}
          />
        )}
      </AccordionSummary>
      <AccordionDetails id={`photo-rules-${rules.key}`}>
        {refused.length ? (
          <>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t('photo-rules.photos_refused', { count: refused.length })}
            </Typography>
            <Box component="ul" sx={{ mt: 0.5, pl: 2.5 }}>
              {refused.map((p) => (
                <li key={p.id} data-testid="partner-rules-photo">
                  <Typography variant="body2">
                    <Link component="button" type="button" variant="body2" onClick={() => onOpen(p.id)}>
                      {titleOf(p.id)}
                    </Link>
                    {`: ${p.problems.map((x) => describeProblem(tr, x)).join('; ')}`}
                  </Typography>
                </li>
              ))}
            </Box>
          </>
        ) : (
          <Typography variant="body2">{t('photo-rules.all_photos_pass')}</Typography>
        )}
        {counts.length > 0 && (
          <Box component="ul" sx={{ mt: 0.5, pl: 2.5 }}>
            {counts.map((c) => (
              <li key={`${c.code}-${c.room ?? 0}`} data-testid="partner-rules-count">
                <Typography variant="body2">
                  {describeProblem(tr, c, c.room === null ? '' : roomName(c.room))}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The gallery seen by each partner channel (issue 40 §4): per channel of
 * schemas/partner-photo-rules.json whether it takes the gallery, which photos it refuses and why
 * (a photo's title opens it), and the count and featured-photo rules the gallery or a room type
 * breaks, with the numbers. The readiness report says the same (server, same shared function).
 */
export function PartnerRulesPanel({
  photos,
  rooms,
  onOpen,
  channels,
}: {
  photos: readonly Photo[];
  rooms: readonly GalleryRoom[];
  onOpen(id: number): void;
  /** The rule sets (default: every channel of partner-photo-rules.json). */
  channels?: readonly PhotoRuleSet[];
}) {
  const t = useT();
  const views = useMemo(() => channelViews(photos, rooms, channels), [photos, rooms, channels]);
  const titles = useMemo(() => new Map(photos.map((p) => [p.id, p.name])), [photos]);
  const roomNames = useMemo(() => new Map(rooms.map((r) => [r.id, r.room_name])), [rooms]);
  const titleOf = (id: number) => `“${titles.get(id) ?? t('gallery.photo_fallback', { id })}”`;
  const roomName = (id: number) => roomNames.get(id) ?? t('gallery.room_fallback', { id });
  return (
    <Box component="section" aria-labelledby="partner-rules-title" data-testid="partner-rules" sx={{ mt: 3 }}>
      <Typography id="partner-rules-title" variant="h6" component="h2">
        {t('photo-rules.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('photo-rules.intro')}
      </Typography>
      {views.map((v) => (
        <ChannelRules key={v.rules.key} view={v} titleOf={titleOf} roomName={roomName} onOpen={onOpen} />
      ))}
    </Box>
  );
}
