import type { FreshnessWire, NextStepsWire, PropertyNextStepsWire } from '../../../shared/generated/wire-types.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { notFound } from '../../plugins/errors.js';
import { completeness, sectionsOf, sectionTitle } from '../facts/index.js';
import { translatorOf } from '../../i18n/index.js';
import type { Language } from '../../../shared/i18n/languages.js';
import {
  contractAccess,
  contractedProperties,
  propertyPartners,
  requireOperatorAccess,
  companyNames,
  listedHotelName,
  parseTerms,
} from '../partners/index.js';
import { operatorStates } from '../operator/index.js';
import { photoChannelsOf } from '../settings/index.js';
import { photoCounts, visibleProperties, type PropertyRow } from '../properties/index.js';
import { daysSince, freshnessDays, sectionFreshness } from './freshness.js';
import { partnerReadiness, type Partner, type PropertyFacts, type Viewer } from './readiness.js';
import { roomIdsOf } from '../facts/index.js';
import { endedSeasonal } from './seasonal.js';
import { photoRuleReadiness, type ChannelReadiness } from './photo-rules.js';
import { hotelGettingStarted, operatorGettingStarted } from './getting-started.js';
import { existingProperty, propertiesByIds } from '../properties/index.js';

const today = (now: Date) => now.toISOString().slice(0, 10);

async function factsOf(services: Services, p: PropertyRow, photos: number, lang: Language): Promise<PropertyFacts> {
  const rooms = await roomIdsOf(services.db.kysely, p.id);
  const sections = await completeness(services, p.id, translatorOf(lang));
  return { id: p.id, published: !!p.publish_date, sections, photos, rooms };
}

/**
 * One property's next steps as `viewer` sees them: readiness for each operator given (the hotel:
 * every operator in contract; an operator: itself), with the photo rules of exactly the channels
 * that operator passes photos on to (its setting), the stale sections and the ended seasonal facts.
 * Links lead the hotel to its editor; an operator cannot edit the hotel's facts, so it gets none there.
 * Its words (items, section titles) are in `lang`, the reader's.
 */
async function propertyNextSteps(
  services: Services,
  p: PropertyRow,
  photos: number,
  verdicts: readonly ChannelReadiness[],
  operators: readonly { id: number; terms: string }[],
  viewer: Viewer,
  lang: Language,
): Promise<PropertyNextStepsWire> {
  const db = services.db.kysely;
  const now = services.clock.now();
  const facts = await factsOf(services, p, photos, lang);
  const titles = new Map(sectionsOf(services.schemas).map((s) => [s.key, s]));
  const names = await companyNames(db, [p.account_id, ...operators.map((o) => o.id)]);
  const channelsOf = await photoChannelsOf(
    db,
    operators.map((o) => o.id),
  );
  // Each channel's verdict once per property (read for all the properties at once by the
  // caller); a partner gets those of its channels.
  const partners: Partner[] = [];
  for (const o of operators) {
    const items = await partnerReadiness(services, facts, o.id, parseTerms(services, o.terms), viewer, lang);
    const channels = new Set<string>(channelsOf.get(o.id));
    const photoRules = verdicts.filter((v) => channels.has(v.channel));
    partners.push({
      operator: o.id,
      company: names.get(o.id) ?? '',
      ready: items.length === 0 && photoRules.every((v) => v.ready),
      items,
      photo_rules: photoRules,
    });
  }
  const days = await freshnessDays(db, p.account_id);
  const editor = (tab: string | null) => (viewer === 'hotel' ? `/property/${p.id}/${tab ?? 'general'}` : null);
  const stale = (await sectionFreshness(services, p.id, days, now))
    .filter((s) => s.stale)
    .map((s) => ({
      section: s.section,
      title: sectionTitle(titles.get(s.section) ?? s, lang),
      confirmed_at: s.confirmed_at!,
      days: daysSince(s.confirmed_at!, now),
      link: editor(s.tab),
    }));
  return {
    property: p.id,
    property_name: p.hotel_name,
    company: names.get(p.account_id) ?? '',
    partners,
    stale,
    seasonal: await endedSeasonal(services, p.id, today(now), editor),
  };
}

/** The hotel's next steps: each property the caller may see, with every operator in contract for it. */
export async function hotelNextSteps(services: Services, auth: AuthContext, lang: Language): Promise<NextStepsWire> {
  const db = services.db.kysely;
  const iso = services.clock.now().toISOString();
  const props = await visibleProperties(services, auth);
  const photos = await photoCounts(
    services,
    props.map((p) => p.id),
  );
  const rules = await photoRuleReadiness(
    services,
    props.map((p) => p.id),
    'hotel',
    lang,
  );
  const out: PropertyNextStepsWire[] = [];
  for (const p of props) {
    const operators = await propertyPartners(db, p.id, iso);
    out.push(await propertyNextSteps(services, p, photos.get(p.id) ?? 0, rules.get(p.id)!, operators, 'hotel', lang));
  }
  return {
    freshness_days: await freshnessDays(db, auth.accountId),
    getting_started: await hotelGettingStarted(services, props, photos),
    properties: out,
  };
}

async function operatorTerms(services: Services, operatorAccountId: number, propertyId: number): Promise<string> {
  const access = await contractAccess(services, operatorAccountId, propertyId);
  if (!access) throw notFound();
  return JSON.stringify(access.terms);
}

/** The operator's next steps: each property it reaches, with itself as the one partner. */
export async function operatorNextSteps(services: Services, auth: AuthContext, lang: Language): Promise<NextStepsWire> {
  const db = services.db.kysely;
  const iso = services.clock.now().toISOString();
  const ids = [...new Set((await contractedProperties(db, auth.accountId, iso).execute()).map((r) => r.property_id))];
  const started = await operatorGettingStarted(services, auth.accountId);
  if (!ids.length) return { freshness_days: 0, getting_started: started, properties: [] };
  const props = await propertiesByIds(db, ids);
  const photos = await photoCounts(services, ids);
  // Named as the operator's other lists on the same dashboard name them: by its override of the
  // hotel name where it has one (issue 38 §1).
  const states = await operatorStates(db, auth.accountId, ids);
  const rules = await photoRuleReadiness(services, ids, 'operator', lang);
  const out: PropertyNextStepsWire[] = [];
  for (const p of props) {
    const steps = await propertyNextSteps(
      services,
      p,
      photos.get(p.id) ?? 0,
      rules.get(p.id)!,
      [{ id: auth.accountId, terms: await operatorTerms(services, auth.accountId, p.id) }],
      'operator',
      lang,
    );
    out.push({ ...steps, property_name: listedHotelName(p.hotel_name, states.get(p.id)?.name_override ?? null).name });
  }
  return { freshness_days: 0, getting_started: started, properties: out };
}

/** One contracted property's next steps for the calling operator (its fact sheet); 404 without a contract in force. */
export async function operatorPropertyNextSteps(
  services: Services,
  auth: AuthContext,
  propertyId: number,
  lang: Language,
): Promise<PropertyNextStepsWire> {
  const access = await requireOperatorAccess(services, auth, propertyId);
  const p = await existingProperty(services.db.kysely, propertyId);
  const photos = await photoCounts(services, [p.id]);
  const rules = await photoRuleReadiness(services, [p.id], 'operator', lang);
  return propertyNextSteps(
    services,
    p,
    photos.get(p.id) ?? 0,
    rules.get(p.id)!,
    [{ id: auth.accountId, terms: JSON.stringify(access.terms) }],
    'operator',
    lang,
  );
}

/** The editor's view of one property: every section's freshness and the ended seasonal facts. */
export async function propertyFreshness(services: Services, p: PropertyRow): Promise<FreshnessWire> {
  const now = services.clock.now();
  const days = await freshnessDays(services.db.kysely, p.account_id);
  const sections = (await sectionFreshness(services, p.id, days, now)).map(({ kind: _k, ...s }) => s);
  return {
    property: p.id,
    freshness_days: days,
    sections,
    seasonal: await endedSeasonal(services, p.id, today(now), (tab) => `/property/${p.id}/${tab ?? 'general'}`),
  };
}
