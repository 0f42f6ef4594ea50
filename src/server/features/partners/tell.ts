import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { tell, type Words } from '../notifications/index.js';
import { t } from '../../i18n/index.js';

/**
 * Telling the other side of a contract what happened, through the one notification function
 * (features/notifications/tell.ts), inside the move's transaction: the bell of its owner and of
 * its members with partner_connections (per its notify_partnership_* preferences) and a mail, by
 * the job queue, to its owner and the preferences' notification addresses (per
 * partnership_new_mail / partnership_changes_mail). A new proposal is a "request"; every later
 * move is a "change".
 */
export type Tidings = 'request' | 'change';

export interface PartnerNews {
  /** The account told. */
  accountId: number;
  contractId: number;
  kind: Tidings;
  /** One line for the bell, e.g. "Sol Tours proposed a contract" (in each reader's language). */
  message: Words;
  subject: Words;
  /** The mail's body paragraphs before the link. */
  body: Words;
}

/** What the partner hears of a move: the bell's line, the mail's subject and body. */
export type MoveNews = Omit<PartnerNews, 'accountId' | 'contractId'>;

/** A new proposal from `company`, as the other side hears it (sent from a draft or at once). */
export function proposalNews(company: string): MoveNews {
  return {
    kind: 'request',
    message: (lang) => t(lang, 'notification.partnership_request.message', { company }),
    subject: (lang) => t(lang, 'notification.partnership_request.subject', { company }),
    body: (lang) => t(lang, 'notification.partnership_request.body', { company }),
  };
}

/** Bell and mail for one move, as the told account's preferences allow; call in the move's transaction. */
export async function tellPartner(services: Services, trx: Kysely<Database>, news: PartnerNews): Promise<void> {
  await tell(services, trx, {
    type: news.kind === 'request' ? 'partnership_request' : 'partnership_change',
    accountId: news.accountId,
    message: news.message,
    link: `/contract-view/${news.contractId}`,
    extraId: news.contractId,
    mail: { subject: news.subject, body: news.body },
  });
}
