import type { User } from '../../src/shared/generated/client-types';

/** A hotel account's owner as users/me answers (client names), in `language`. */
export const hotelOwner = (language = 'en'): User => ({
  id: 7,
  username: 'helena',
  accountType: 'accommodation',
  firstName: 'Helena',
  lastName: 'H',
  email: 'h@example.com',
  phone: '',
  title: '',
  country: 'ES',
  language,
  manager: null,
  genuine: false,
  premiumActive: false,
  lastPasswordChange: null,
  isStaff: false,
});
