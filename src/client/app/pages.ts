import { lazyPage } from './lazy/lazy-page';

/** Every page is its own lazy chunk, loaded through lazyPage (120 s time-out, ChunkLoadError). */
export const pages = {
  login: lazyPage('login', () => import('../pages/login/login-page'), 'LoginPage'),
  signup: lazyPage('signup', () => import('../pages/signup/signup-page'), 'SignupPage'),
  resetRequest: lazyPage('reset-request', () => import('../pages/reset/reset-request-page'), 'ResetRequestPage'),
  resetConfirm: lazyPage('reset-confirm', () => import('../pages/reset/reset-confirm-page'), 'ResetConfirmPage'),
  activation: lazyPage('activation', () => import('../pages/activation/activation-page'), 'ActivationPage'),
  resendActivation: lazyPage('resend-activation', () => import('../pages/activation/resend-activation-page'), 'ResendActivationPage'),
  about: lazyPage('about', () => import('../pages/about/about-page'), 'AboutPage'),
  profile: lazyPage('user-profile', () => import('../pages/profile/profile-page'), 'ProfilePage'),
  dashboard: lazyPage('dashboard', () => import('../pages/dashboard/dashboard-page'), 'DashboardPage'),
  propertyEditor: lazyPage('property-editor', () => import('../pages/facts/property-editor-page'), 'PropertyEditorPage'),
  factSection: lazyPage('fact-section', () => import('../pages/facts/fact-section-page'), 'FactSectionPage'),
  propertyFacts: lazyPage('property-facts', () => import('../pages/facts/property-facts-page'), 'PropertyFactsPage'),
  addProperty: lazyPage('add-property', () => import('../pages/properties/add-property-page'), 'AddPropertyPage'),
  propertyPhotos: lazyPage('property-photos', () => import('../pages/gallery/property-photos-page'), 'PropertyPhotosPage'),
  propertyGallery: lazyPage('property-gallery', () => import('../pages/gallery/property-gallery-page'), 'PropertyGalleryPage'),
  notFound: lazyPage('not-found', () => import('../pages/not-found/not-found-page'), 'NotFoundPage'),
};
