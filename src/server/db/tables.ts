import type {
  UsersTable,
  AuthTokensTable,
  OneTimeTokensTable,
  LoginThrottleTable,
  PermissionsTable,
  TwoFactorTable,
  RecoveryCodesTable,
  CompaniesTable,
  PreferencesTable,
  MailingListsTable,
  MailingContactsTable,
  PremiumRequestsTable,
  AuditEventsTable,
} from './tables/accounts.js';
import type {
  ApiKeysTable,
  ApiKeyUsageTable,
  WhitelistsTable,
  WebhookEndpointsTable,
  WebhookDeliveriesTable,
  WidgetsTable,
} from './tables/developer-tools.js';
import type {
  PropertiesTable,
  FactSectionsTable,
  FactRowsTable,
  FactRevisionsTable,
  PublicationsTable,
  PhotosTable,
  StopSaleEventsTable,
  CertificateDocumentsTable,
  ImpossibleDatesTable,
} from './tables/hotel-content.js';
import type {
  JobsTable,
  JobDeliveriesTable,
  ExportSendsTable,
  ExportLinksTable,
  OperatorExportsTable,
  OperatorExportHotelsTable,
  BulkEditsTable,
  BulkEditItemsTable,
} from './tables/jobs.js';
import type {
  NotificationsTable,
  NotificationTicketsTable,
  AnnouncementsTable,
  FeatureUpdatesTable,
  FactConfirmationsTable,
  CertificateRemindersTable,
  LicenceRemindersTable,
} from './tables/notifications.js';
import type {
  ContractsTable,
  ContractVersionsTable,
  ContractPropertiesTable,
  OperatorViewsTable,
  OverridesTable,
  PhotoReleasesTable,
  OperatorPhotosTable,
  HotelMappingsTable,
  RoomMappingsTable,
  PhotoChannelsTable,
} from './tables/partners.js';

export * from './tables/accounts.js';
export * from './tables/bool.js';
export * from './tables/developer-tools.js';
export * from './tables/hotel-content.js';
export * from './tables/jobs.js';
export * from './tables/notifications.js';
export * from './tables/partners.js';

/** The database as Kysely sees it: each table's shape lives in the tables/ module of its domain. */
export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  one_time_tokens: OneTimeTokensTable;
  login_throttle: LoginThrottleTable;
  permissions: PermissionsTable;
  notifications: NotificationsTable;
  notification_tickets: NotificationTicketsTable;
  announcements: AnnouncementsTable;
  feature_updates: FeatureUpdatesTable;
  properties: PropertiesTable;
  fact_sections: FactSectionsTable;
  fact_rows: FactRowsTable;
  fact_revisions: FactRevisionsTable;
  audit_events: AuditEventsTable;
  photos: PhotosTable;
  companies: CompaniesTable;
  preferences: PreferencesTable;
  mailing_lists: MailingListsTable;
  whitelists: WhitelistsTable;
  widgets: WidgetsTable;
  api_keys: ApiKeysTable;
  api_key_usage: ApiKeyUsageTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  mailing_contacts: MailingContactsTable;
  premium_requests: PremiumRequestsTable;
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  jobs: JobsTable;
  job_deliveries: JobDeliveriesTable;
  export_sends: ExportSendsTable;
  export_links: ExportLinksTable;
  contracts: ContractsTable;
  contract_versions: ContractVersionsTable;
  contract_properties: ContractPropertiesTable;
  publications: PublicationsTable;
  operator_views: OperatorViewsTable;
  overrides: OverridesTable;
  photo_releases: PhotoReleasesTable;
  operator_photos: OperatorPhotosTable;
  hotel_mappings: HotelMappingsTable;
  room_mappings: RoomMappingsTable;
  operator_exports: OperatorExportsTable;
  operator_export_hotels: OperatorExportHotelsTable;
  fact_confirmations: FactConfirmationsTable;
  stop_sale_events: StopSaleEventsTable;
  bulk_edits: BulkEditsTable;
  bulk_edit_items: BulkEditItemsTable;
  impossible_dates: ImpossibleDatesTable;
  certificate_documents: CertificateDocumentsTable;
  certificate_reminders: CertificateRemindersTable;
  licence_reminders: LicenceRemindersTable;
  photo_channels: PhotoChannelsTable;
}
