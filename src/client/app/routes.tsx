import type { QueryClient } from '@tanstack/react-query';
import { portfolioQuery } from '../api/portfolio';
import { prefetchDashboardReports } from '../api/reports';
import type { User } from '../../shared/generated/client-types';
import type { Audience } from './audience';
import type { Access } from './route-guard';
import type { LazyPage } from '../components/lazy-page';
import { pages } from './pages';

export interface RouteEntry {
  path: string;
  access: Access;
  /** The page; a route whose page is not built yet shows the not-found page. */
  page?: LazyPage;
  /** Who among signed-in users the page is for (see audience.ts); everyone when left out. */
  audience?: Audience;
  /**
   * What the page reads first, asked for as the navigation starts (beside its chunk) rather
   * than after the page has loaded and rendered: pages whose first paint waits on their calls.
   * Asked only for a signed-in user the page is for (router.tsx), who is handed in.
   */
  prefetch?: (client: QueryClient, user: User) => Promise<unknown>;
  /**
   * The server renders the page's first screen for a signed-in user it is for (src/client/ssr/),
   * with what `prefetch` reads, and the client hydrates it: the first screen comes with the HTML.
   * Only for pages whose first render reads nothing of the browser but through platform/where.ts.
   */
  ssr?: boolean;
}

const user = (path: string, page?: LazyPage, audience?: Audience): RouteEntry => ({
  path,
  access: 'user',
  page,
  audience,
});

const HOTEL: Audience = { type: 'accommodation' };
const OPERATOR: Audience = { type: 'to' };

/** Fact section pages (spec 000 §2); their forms come from the schema-driven engine. */
const FACT_SECTION_PATHS = [
  '/additional-facts',
  '/allinclusive-facts',
  '/main-facts',
  '/entertainment-facts',
  '/environment-facts',
  '/facilities-facts',
  '/food-facts',
  '/maintenance-facts',
  '/rooms-facts',
  '/activities-facts',
  '/children-facts',
  '/partnerhotel-facts',
];

/**
 * Every route of spec 000 §2, in one table: a feature adds its page here and nothing else.
 * Unknown paths fall through to the not-found page (see router.tsx).
 */
export const ROUTES: readonly RouteEntry[] = [
  // Public
  { path: '/about', access: 'public', page: pages.about },
  { path: '/auth/activate/:uid/:token', access: 'public', page: pages.activation },
  { path: '/auth/password/reset/confirm/:uid/:token', access: 'public', page: pages.resetConfirm },
  { path: '/auth/invite/:uid/:token', access: 'public', page: pages.invitation },
  { path: '/login', access: 'login', page: pages.login },
  // Signed-out only
  { path: '/auth/account/resend/activation', access: 'signed-out', page: pages.resendActivation },
  { path: '/signup', access: 'signed-out', page: pages.signup },
  { path: '/reset', access: 'signed-out', page: pages.resetRequest },
  // Signed in
  { ...user('/', pages.dashboard), prefetch: prefetchDashboardReports, ssr: true },
  { ...user('/home', pages.dashboard), prefetch: prefetchDashboardReports, ssr: true },
  user('/user-profile', pages.profile),
  user('/add-property', pages.addProperty, HOTEL),
  user('/property-facts', pages.propertyFacts, HOTEL),
  user('/property-photos', pages.propertyPhotos, HOTEL),
  user('/property-photos/:id', pages.propertyGallery, HOTEL),
  user('/property-stopsale', pages.stopSale, HOTEL),
  user('/exportcentre', pages.exportCentre, HOTEL),
  user('/toexportcentre', pages.operatorExportCentre, { ...OPERATOR, owner: true }),
  user('/portfolio/:id', pages.portfolio),
  {
    ...user('/property-portfolio', pages.portfolioTable, HOTEL),
    prefetch: (c) => c.prefetchQuery(portfolioQuery),
    ssr: true,
  },
  user('/bulk-edit', pages.bulkEdit, HOTEL),
  user('/user-settings', pages.settingsHub),
  user('/mailing-lists', pages.mailingLists),
  user('/authorized-users', pages.team),
  user('/partners', pages.partners),
  user('/dev-tools', pages.devtools),
  user('/property/:id/:currentTab', pages.propertyEditor, HOTEL),
  ...FACT_SECTION_PATHS.map((p) => user(p, pages.factSection, HOTEL)),
  user('/addauth-users/:id', pages.member, { owner: true }),
  user('/api-integrations', pages.apiIntegrations),
  user('/display-widgets/:id', pages.widget, { ...HOTEL, flag: 'developer_tools' }),
  user('/contract-details', pages.contracts),
  user('/contract-view/:id', pages.contractView),
  user('/contract-edit', pages.contractEdit),
  user('/audit-trail', pages.auditTrail, { owner: true }),
  user('/edit-companydetails', pages.company),
  user('/edit-layoutsettings', pages.layoutSettings),
  user('/edit-mailingdetails', pages.mailingDetails),
  user('/edit-notifications', pages.notifications),
  user('/edit-photochannels', pages.photoChannels, OPERATOR),
  user('/premium-account', pages.premium),
  user('/edit-paymentdetails', pages.payment),
  user('/packageitem', pages.packages),
  user('/edit-preference', pages.generalPreferences),
  user('/edit-securitysettings', pages.security),
  user('/fact-sheet', pages.factSheets, OPERATOR),
  user('/fact-sheet/:id', pages.factSheet, OPERATOR),
  user('/mapping', pages.mappings, OPERATOR),
  user('/overridefact/:id', pages.overrides, OPERATOR),
  user('/datamapping/:id', pages.mapping, OPERATOR),
  user('/fact-reviews', pages.factReviews, HOTEL),
];
