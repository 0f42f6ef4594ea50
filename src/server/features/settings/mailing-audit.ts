import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { AuthContext } from '../../routing/auth-context.js';
import type { Services } from '../../services.js';
import { actorOf, recordAudit, diffDocuments } from '../audit/index.js';

/** What a new record holds, for its audit entry: empty fields say nothing. */
export const filled = (o: object): object =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== '' && v !== null));

export type MailingAudit = (
  auth: AuthContext,
  ip: string,
  action: string,
  subject: 'mailing-list' | 'contact',
  subjectId: number,
  summary: string,
  before: object,
  after: object,
  trx?: Kysely<Database>,
) => Promise<void>;

/** A mailing group's or contact's change in the settings audit trail, diffed by its form's schema. */
export function mailingAudit(services: Services): MailingAudit {
  const listSchema = () => services.schemas.resolved('settings/mailing-list.schema.json');
  const contactSchema = () => services.schemas.resolved('settings/mailing-contact.schema.json');
  return (auth, ip, action, subject, subjectId, summary, before, after, trx = services.db.kysely) =>
    recordAudit(
      services,
      actorOf(auth, ip),
      {
        kind: 'settings',
        action,
        subject,
        subjectId,
        summary,
        changes: diffDocuments(subject === 'contact' ? contactSchema() : listSchema(), before, after),
      },
      trx,
    );
}
