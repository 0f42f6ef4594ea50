import { useMemo, useState, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { useTranslator } from '../../i18n/translator-context';
import { describeProblem } from '../../../shared/photo-rules/describe';
import type { PhotoRuleSet } from '../../../shared/photo-rules/check';
import type { PartnerPhotoChannelsWire } from '../../../shared/generated/wire-types';
import type { GalleryRoom, Photo } from './gallery-api';
import { channelViews, type ChannelView } from './partner-rules-verdicts';

function ChannelRules({
  view,
  idPrefix,
  titleOf,
  roomName,
  onOpen,
}: {
  view: ChannelView;
  /** Unique on the page: two partners may use one channel. */
  idPrefix: string;
  titleOf(id: number): string;
  roomName(id: number): string;
  onOpen(id: number): void;
}) {
  const t = useT();
  const tr = useTranslator();
  const { rules, verdict } = view;
  const refused = verdict.photos.filter((p) => !p.passes);
  const counts = [...verdict.property, ...verdict.rooms.flatMap((r) => r.problems)];
  const id = `photo-rules-${idPrefix}-${rules.key}`;
  return (
    <Accordion disableGutters data-testid="partner-rules-channel" data-channel={rules.key}>
      <AccordionSummary aria-controls={id} id={`${id}-head`}>
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
      <AccordionDetails id={id}>
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

type RulesOf = (view: ChannelView, idPrefix: string) => ReactNode;

/** One operator in contract: the rules of each channel it names. */
function PartnerRules({
  partner: p,
  views,
  rules,
}: {
  partner: PartnerPhotoChannelsWire;
  views: ChannelView[];
  rules: RulesOf;
}) {
  const t = useT();
  return (
    <Box
      component="section"
      aria-label={p.company}
      data-testid="partner-rules-partner"
      data-operator={p.operator}
      sx={{ mb: 1.5 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {p.company}
      </Typography>
      {views.length ? (
        views.map((v) => rules(v, `p${p.operator}`))
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="partner-rules-no-channels">
          {t('photo-rules.partner_no_channels', { company: p.company })}
        </Typography>
      )}
    </Box>
  );
}

/** The channels no partner uses, behind a button: there to look at, not shown by default. */
function OtherChannels({
  others,
  rules,
  showOthers,
  setShowOthers,
}: {
  others: ChannelView[];
  rules: RulesOf;
  showOthers: boolean;
  setShowOthers: Dispatch<SetStateAction<boolean>>;
}) {
  const t = useT();
  return (
    <Box sx={{ mt: 1 }}>
      <Button
        size="small"
        aria-expanded={showOthers}
        aria-controls="partner-rules-others"
        onClick={() => setShowOthers((v) => !v)}
      >
        {t(showOthers ? 'photo-rules.hide_other_channels' : 'photo-rules.show_other_channels', {
          count: others.length,
        })}
      </Button>
      {showOthers && (
        <Box id="partner-rules-others" data-testid="partner-rules-others" sx={{ mt: 1 }}>
          {others.map((v) => rules(v, 'other'))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The gallery seen by each partner (issue 40 §4): per tour operator in contract, the channels it
 * passes the hotel's photos on to (its own setting) and, per channel of
 * schemas/partner-photo-rules.json, whether it takes the gallery, which photos it refuses and why
 * (a photo's title opens it), and the count and featured-photo rules the gallery or a room type
 * breaks, with the numbers. The channels no partner uses can be opened below, not shown by default.
 * The readiness report says the same per partner (server, same shared function).
 */
export function PartnerRulesPanel({
  photos,
  rooms,
  onOpen,
  partners,
  channels,
}: {
  photos: readonly Photo[];
  rooms: readonly GalleryRoom[];
  onOpen(id: number): void;
  /** The operators in contract and their channels; undefined while loading, null when they could not be read. */
  partners: readonly PartnerPhotoChannelsWire[] | null | undefined;
  /** The rule sets (default: every channel of partner-photo-rules.json). */
  channels?: readonly PhotoRuleSet[];
}) {
  const t = useT();
  const [showOthers, setShowOthers] = useState(false);
  const views = useMemo(() => channelViews(photos, rooms, channels), [photos, rooms, channels]);
  const titles = useMemo(() => new Map(photos.map((p) => [p.id, p.name])), [photos]);
  const roomNames = useMemo(() => new Map(rooms.map((r) => [r.id, r.room_name])), [rooms]);
  const titleOf = (id: number) => `“${titles.get(id) ?? t('gallery.photo_fallback', { id })}”`;
  const roomName = (id: number) => roomNames.get(id) ?? t('gallery.room_fallback', { id });
  const byKey = new Map<string, ChannelView>(views.map((v) => [v.rules.key, v]));
  const used = new Set<string>((partners ?? []).flatMap((p) => p.channels));
  const others = views.filter((v) => !used.has(v.rules.key));
  const rules = (view: ChannelView, idPrefix: string) => (
    <ChannelRules
      key={view.rules.key}
      view={view}
      idPrefix={idPrefix}
      titleOf={titleOf}
      roomName={roomName}
      onOpen={onOpen}
    />
  );
  return (
    <Box component="section" aria-labelledby="partner-rules-title" data-testid="partner-rules" sx={{ mt: 3 }}>
      <Typography id="partner-rules-title" variant="h6" component="h2">
        {t('photo-rules.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('photo-rules.intro')}
      </Typography>
      {partners === null && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('photo-rules.partners_not_loaded')}
        </Alert>
      )}
      {partners?.length === 0 && (
        <Typography variant="body2" sx={{ mb: 1 }} data-testid="partner-rules-no-partners">
          {t('photo-rules.no_partners')}
        </Typography>
      )}
      {partners?.map((p) => (
        <PartnerRules
          key={p.operator}
          partner={p}
          views={p.channels.flatMap((key) => byKey.get(key) ?? [])}
          rules={rules}
        />
      ))}
      {partners !== undefined && others.length > 0 && (
        <OtherChannels others={others} rules={rules} showOthers={showOthers} setShowOthers={setShowOthers} />
      )}
    </Box>
  );
}
