import type { PermissionFlag } from '../../shared/bundle-types.js';

export interface AuthUser {
  id: number;
  email: string;
  username: string;
  accountType: 'accommodation' | 'to';
  managerId: number | null;
  isStaff: boolean;
  isActive: boolean;
  /** The profile's language as stored (any code; src/shared/i18n toLanguage reads it). */
  language: string;
}

/** Who is calling, resolved once per request from the token. */
export interface AuthContext {
  user: AuthUser;
  tokenId: number;
  /** When the session last gave a fresh proof of its user (sign-in, step-up); null: never, or not a session. */
  provedAt: string | null;
  /** The owner's id: the account every record of this user belongs to. */
  accountId: number;
  isOwner: boolean;
  /** Owners hold every flag. */
  can(flag: PermissionFlag): boolean;
  /** 'all' for owners; the allowed property ids for authorized users. */
  properties: 'all' | readonly number[];
  role: string | null;
}

/** The property a scoped call acts on, as the scope check found it. */
export interface ScopedProperty {
  id: number;
  accountId: number;
  factsRev: number;
}
