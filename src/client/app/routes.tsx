import type { Access } from './route-guard';
import type { LazyPage } from './lazy/lazy-page';
import { pages } from './pages';

export interface RouteEntry {
  path: string;
  access: Access;
  /** The page; a route whose page is not built yet shows the not-found page. */
  page?: LazyPage;
}

const user = (path: string, page?: LazyPage): RouteEntry => ({ path, access: 'user', page });

/** Fact section pages (spec 000 §2); their forms come from the schema-driven engine. */
const FACT_SECTION_PATHS = [
  '/additional-facts', '/allinclusive-facts', '/main-facts', '/entertainment-facts', '/environment-facts', '/facilities-facts',
  '/food-facts', '/maintenance-facts', '/rooms-facts', '/activities-facts', '/children-facts', '/partnerhotel-facts',
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
  { path: '/login', access: 'login', page: pages.login },
  // Signed-out only
  { path: '/auth/account/resend/activation', access: 'signed-out', page: pages.resendActivation },
  { path: '/signup', access: 'signed-out', page: pages.signup },
  { path: '/reset', access: 'signed-out', page: pages.resetRequest },
  // Signed in
  user('/', pages.dashboard),
  user('/home', pages.dashboard),
  user('/user-profile', pages.profile),
  user('/add-property', pages.addProperty),
  user('/property-facts', pages.propertyFacts),
  user('/property-photos', pages.propertyPhotos),
  user('/property-photos/:id', pages.propertyGallery),
  ...['/property-stopsale', '/exportcentre', '/toexportcentre'].map((p) => user(p)),
  ...['/portfolio/:id', '/user-settings', '/mailing-lists', '/partners', '/dev-tools', '/authorized-users'].map((p) => user(p)),
  user('/property/:id/:currentTab', pages.propertyEditor),
  ...FACT_SECTION_PATHS.map((p) => user(p, pages.factSection)),
  ...['/addauth-users/:id', '/api-integrations', '/display-widgets/:id'].map((p) => user(p)),
  ...['/contract-details', '/contract-view/:id', '/contract-edit'].map((p) => user(p)),
  ...[
    '/audit-trail', '/edit-companydetails', '/edit-layoutsettings', '/edit-mailingdetails', '/edit-notifications', '/premium-account',
    '/edit-paymentdetails', '/packageitem', '/edit-preference', '/edit-securitysettings',
  ].map((p) => user(p)),
  ...['/fact-sheet', '/mapping', '/overridefact/:id', '/datamapping/:id'].map((p) => user(p)),
];
