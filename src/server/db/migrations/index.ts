import type { Migration } from 'kysely';
import * as m0001 from './0001-accounts.js';
import * as m0002 from './0002-notifications.js';
import * as m0003 from './0003-properties-facts.js';
import * as m0004 from './0004-facts-revision.js';
import * as m0005 from './0005-photos.js';
import * as m0006 from './0006-settings.js';
import * as m0008HardenUnique from './0008-harden-unique.js';
import * as m0015jobs from './0015-jobs-queue.js';
import * as m0016exports from './0016-exports-sends.js';
import * as m0017partners from './0017-partners-contracts.js';
import * as m0018operator from './0018-operator-workspace.js';
import * as m0019stopSale from './0019-stop-sale.js';
import * as m0020devtools from './0020-developer-tools.js';
import * as m0021notify from './0021-notifications-reports.js';
import * as m0022search from './0022-search-indexes.js';
import * as m0023freshness from './0023-fact-freshness.js';
import * as m0024opexports from './0024-operator-exports.js';
import * as m0025widgets from './0025-widgets.js';
import * as m0026syncIndex from './0026-webhook-sync-index.js';
import * as m0027marketReads from './0027-market-read-indexes.js';
import * as m0028webhookPause from './0028-webhook-pause.js';
import * as m0029directorySearch from './0029-directory-search.js';
import * as m0030contractCaps from './0030-contract-caps-burst-detail.js';
import * as m0034stepUp from './0034-step-up.js';
import * as m0035factRevisions from './0035-fact-revisions.js';
import * as m0036bulkEdits from './0036-bulk-edits.js';
import * as m0037bulkEditRevisions from './0037-bulk-edit-revisions.js';
import * as m0038impossibleDates from './0038-impossible-dates.js';
import * as m0039searchFoldsMarkup from './0039-search-folds-markup.js';
import * as m0040photoRights from './0040-photo-rights.js';
import * as m0041searchFoldFastPath from './0041-search-fold-fast-path.js';
import * as m0042accessibilityCounts from './0042-accessibility-derived-counts.js';
import * as m0043photoHashes from './0043-photo-hashes.js';
import * as m0044sustainability from './0044-sustainability-certificates.js';
import * as m0045licenceReminders from './0045-licence-reminders.js';
import * as m0046sessionEpoch from './0046-session-epoch.js';
import * as m0047photoChannels from './0047-photo-channels.js';
import * as m0048accessibilityRooms from './0048-accessibility-rooms-derived.js';
import * as m0049photoRoomUntag from './0049-photo-room-untag.js';
import * as m0050searchFoldFunction from './0050-search-fold-function.js';
import * as m0051roomNameColumn from './0051-room-name-column.js';
import * as m0052contractStopSaleTerms from './0052-contract-stop-sale-terms.js';

/** Every migration, in order. Add a file and a line here; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-notifications': m0002,
  '0003-properties-facts': m0003,
  '0004-facts-revision': m0004,
  '0005-photos': m0005,
  '0006-settings': m0006,
  '0008-harden-unique': m0008HardenUnique,
  '0015-jobs-queue': m0015jobs,
  '0016-exports-sends': m0016exports,
  '0017-partners-contracts': m0017partners,
  '0018-operator-workspace': m0018operator,
  '0019-stop-sale': m0019stopSale,
  '0020-developer-tools': m0020devtools,
  '0021-notifications-reports': m0021notify,
  '0022-search-indexes': m0022search,
  '0023-fact-freshness': m0023freshness,
  '0024-operator-exports': m0024opexports,
  '0025-widgets': m0025widgets,
  '0026-webhook-sync-index': m0026syncIndex,
  '0027-market-read-indexes': m0027marketReads,
  '0028-webhook-pause': m0028webhookPause,
  '0029-directory-search': m0029directorySearch,
  '0030-contract-caps-burst-detail': m0030contractCaps,
  '0034-step-up': m0034stepUp,
  '0035-fact-revisions': m0035factRevisions,
  '0036-bulk-edits': m0036bulkEdits,
  '0037-bulk-edit-revisions': m0037bulkEditRevisions,
  '0038-impossible-dates': m0038impossibleDates,
  '0039-search-folds-markup': m0039searchFoldsMarkup,
  '0040-photo-rights': m0040photoRights,
  '0041-search-fold-fast-path': m0041searchFoldFastPath,
  '0042-accessibility-derived-counts': m0042accessibilityCounts,
  '0043-photo-hashes': m0043photoHashes,
  '0044-sustainability-certificates': m0044sustainability,
  '0045-licence-reminders': m0045licenceReminders,
  '0046-session-epoch': m0046sessionEpoch,
  '0047-photo-channels': m0047photoChannels,
  '0048-accessibility-rooms-derived': m0048accessibilityRooms,
  '0049-photo-room-untag': m0049photoRoomUntag,
  '0050-search-fold-function': m0050searchFoldFunction,
  '0051-room-name-column': m0051roomNameColumn,
  '0052-contract-stop-sale-terms': m0052contractStopSaleTerms,
};
