import type { Generated } from 'kysely';
import type { DbBool } from './bool.js';

/** The accounts' own tables: sign-in (auth), the settings an account keeps, premium and the audit trail. */

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  password_hash: string;
  account_type: string;
  first_name: string;
  last_name: string;
  phone: string;
  title: string;
  country: string;
  language: string;
  manager_id: number | null;
  is_active: DbBool;
  genuine: DbBool;
  premium_active: DbBool;
  is_staff: DbBool;
  last_password_change: string | null;
  date_joined: string;
  last_login: string | null;
  deactivated_at: string | null;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
  client_ip: string | null;
  user_agent: string | null;
  /** The last fresh proof of who uses the session (sign-in, step-up); null: none yet. */
  proved_at: string | null;
}

export interface OneTimeTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'activation' | 'reset' | 'invitation';
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface LoginThrottleTable {
  key: string;
  attempts: number;
  window_start: string;
}

export interface PermissionsTable {
  id: Generated<number>;
  user_id: number;
  role: string | null;
  properties_allowed: string;
  properties: DbBool;
  facts: DbBool;
  photos: DbBool;
  stop_sales: DbBool;
  stop_sale_room_types: DbBool;
  stop_sale_contact_list: DbBool;
  stop_sale_publishing: DbBool;
  company: DbBool;
  export: DbBool;
  developer_tools: DbBool;
  partner_connections: DbBool;
  premium_subscription: DbBool;
}

export interface TwoFactorTable {
  user_id: number;
  /** Base32 TOTP key. */
  secret: string;
  /** null while enrolment waits for its confirming code. */
  enabled_at: string | null;
  /** The last time step a code was accepted for: a code is never accepted twice. */
  last_step: number | null;
  created_at: string;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the normalised code. */
  code_hash: string;
  used_at: string | null;
}

export interface CompaniesTable {
  /** The owner's id: one company profile per account. */
  account_id: number;
  /** The wire document of the company form's fields (the logo lives in logo_key). */
  data: string;
  logo_key: string | null;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

export interface PreferencesTable {
  account_id: number;
  /** The wire document of the preferences (plan and the read-only fields aside). */
  data: string;
  /** F Free or P Premium: set by staff when an upgrade is granted. */
  plan: string;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
}

export interface MailingListsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  description: string;
  date_created: string;
  created_by: number | null;
}

export interface MailingContactsTable {
  id: Generated<number>;
  mailing_list_id: number;
  account_id: number;
  name: string;
  title: string;
  email_address: string;
  location: string;
  phone: string;
  created_at: string;
}

export interface PremiumRequestsTable {
  id: Generated<number>;
  account_id: number;
  requested_by: number | null;
  plan: string;
  duration: number;
  message: string;
  status: 'pending' | 'granted';
  created_at: string;
  granted_at: string | null;
  granted_by: number | null;
}

export interface AuditEventsTable {
  id: Generated<number>;
  account_id: number;
  actor_id: number | null;
  actor_email: string | null;
  kind: string;
  action: string;
  property_id: number | null;
  subject: string | null;
  subject_id: number | null;
  summary: string;
  /** JSON list of {field, label, from, to}. */
  changes: string;
  ip: string | null;
  created_at: string;
}
