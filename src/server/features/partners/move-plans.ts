import type { Updateable } from 'kysely';
import type { ContractsTable, ContractVersionsTable } from '../../db/tables.js';
import type { Change } from '../audit/index.js';
import type { ContractRow, Side } from './contracts.js';
import type { ContractStatus, MoveKind } from './lifecycle.js';
import { proposalNews, type MoveNews } from './tell.js';
import type { Terms } from './terms.js';
import { t } from '../../i18n/index.js';
import { formatDate } from '../../../shared/i18n/format.js';

const DAY_MS = 86_400_000;

/** What one move writes: the contract's new columns, a new version or a version's fate, coverage. */
export interface Plan {
  set: Updateable<ContractsTable>;
  newVersion?: { kind: 'counter' | 'amendment'; status: ContractStatus; terms: Terms; changes: Change[] };
  /** The latest version's outcome (accepted, rejected...) or, for a draft, its new terms. */
  latest?: Updateable<ContractVersionsTable>;
  /** Rewrite the covered properties from these accepted terms. */
  coverage?: Terms;
  /** End, now, another contract of the pair still in its notice period (a new one takes over). */
  endOthers?: boolean;
  /** Audit summaries: for the mover's account, and for the partner's (none: a draft is private). */
  mine: string;
  theirs?: string;
  changes?: Change[];
  news?: MoveNews;
}

/** Who the partner sees acting: the mover's company. */
export interface Names {
  me: string;
  partner: string;
}

type Diff = (before: Terms, after: Terms) => Change[];

/** A move and what it is planned from; `base` is what a new version is compared with (the terms in force for an amendment). */
export interface MoveInput {
  move: MoveKind;
  row: ContractRow;
  side: Side;
  partner: number;
  latestTerms: Terms;
  base: Terms;
  next: Terms | undefined;
  names: Names;
  now: Date;
  diff: Diff;
}

/** The partner's bell and mail texts of each outcome (written out: the catalogue test finds every key in src/). */
const CHANGE_TEXTS = {
  accepted: {
    message: 'notification.partnership_change.accepted.message',
    subject: 'notification.partnership_change.accepted.subject',
    body: 'notification.partnership_change.accepted.body',
  },
  rejected: {
    message: 'notification.partnership_change.rejected.message',
    subject: 'notification.partnership_change.rejected.subject',
    body: 'notification.partnership_change.rejected.body',
  },
  countered: {
    message: 'notification.partnership_change.countered.message',
    subject: 'notification.partnership_change.countered.subject',
    body: 'notification.partnership_change.countered.body',
  },
  amended: {
    message: 'notification.partnership_change.amended.message',
    subject: 'notification.partnership_change.amended.subject',
    body: 'notification.partnership_change.amended.body',
  },
  withdrawn: {
    message: 'notification.partnership_change.withdrawn.message',
    subject: 'notification.partnership_change.withdrawn.subject',
    body: 'notification.partnership_change.withdrawn.body',
  },
  cancelled: {
    message: 'notification.partnership_change.cancelled.message',
    subject: 'notification.partnership_change.cancelled.subject',
    body: 'notification.partnership_change.cancelled.body',
  },
} as const;

type Outcome = keyof typeof CHANGE_TEXTS;
type Values = Record<string, string | number>;

/** The partner's bell and mail for a move: the catalogue's partnership_change texts of its outcome. */
function changeNews(outcome: Outcome, values: Values): MoveNews {
  const keys = CHANGE_TEXTS[outcome];
  return {
    kind: 'change',
    message: (lang) => t(lang, keys.message, values),
    subject: (lang) => t(lang, keys.subject, values),
    body: (lang) => t(lang, keys.body, values),
  };
}

/** What the news names: the mover's company, the version, an amendment or the contract itself. */
const newsValues = (m: MoveInput) => ({
  company: m.names.me,
  version: m.row.version,
  amendment: m.row.accepted_version !== null ? 'yes' : 'no',
});

const stampOf = (m: MoveInput) => ({ updated_at: m.now.toISOString() });
type VersionOutcome = NonNullable<Updateable<ContractVersionsTable>['outcome']>;
const decided = (m: MoveInput, outcome: VersionOutcome) => ({
  outcome,
  decided_at: m.now.toISOString(),
  decided_by_account: m.side.accountId,
});

function planSave(m: MoveInput): Plan {
  return {
    set: stampOf(m),
    latest: { terms: JSON.stringify(m.next) },
    mine: `Edited the draft contract for ${m.names.partner}`,
    changes: m.diff(m.latestTerms, m.next!),
  };
}

function planSend(m: MoveInput): Plan {
  const iso = m.now.toISOString();
  return {
    set: { ...stampOf(m), status: 'P', turn_account_id: m.partner },
    latest: { status: 'P', created_at: iso, ...(m.next ? { terms: JSON.stringify(m.next) } : {}) },
    changes: m.next ? m.diff(m.latestTerms, m.next) : [],
    mine: `Sent a contract proposal to ${m.names.partner}`,
    theirs: `${m.names.me} proposed a contract`,
    news: proposalNews(m.names.me),
  };
}

function planAccept(m: MoveInput): Plan {
  const { row, next, names } = m;
  const iso = m.now.toISOString();
  const amendment = row.accepted_version !== null;
  // `next`: the hotel set its caps as it accepted (the version keeps them as accepted).
  const accepted = next ?? m.latestTerms;
  return {
    set: {
      ...stampOf(m),
      status: 'A',
      turn_account_id: null,
      accepted_version: row.version,
      accepted_terms: JSON.stringify(accepted),
      covers_all: accepted.all_properties,
      accepted_at: iso,
      ends_at: null,
      canceled_by: null,
    },
    latest: { ...decided(m, 'accepted'), ...(next ? { terms: JSON.stringify(next) } : {}) },
    coverage: accepted,
    changes: next ? m.diff(m.latestTerms, next) : undefined,
    endOthers: true,
    mine: `Accepted ${amendment ? 'the amendment of the contract' : 'the contract'} with ${names.partner} (version ${row.version})`,
    theirs: `${names.me} accepted ${amendment ? 'the amendment' : 'the contract'} (version ${row.version})`,
    news: changeNews('accepted', newsValues(m)),
  };
}

function planReject(m: MoveInput): Plan {
  const { row, names } = m;
  const amendment = row.accepted_version !== null;
  return {
    set: { ...stampOf(m), status: amendment ? 'A' : 'R', turn_account_id: null },
    latest: decided(m, 'rejected'),
    mine: `Rejected ${amendment ? 'the amendment' : 'the proposal'} of ${names.partner} (version ${row.version})`,
    theirs: `${names.me} rejected ${amendment ? 'the amendment' : 'the proposal'} (version ${row.version})`,
    news: changeNews('rejected', newsValues(m)),
  };
}

/** A counter-proposal or an amendment: a new version the partner answers. */
function planProposal(m: MoveInput, counter: boolean): Plan {
  const { names } = m;
  const number = m.row.version + 1;
  const changes = m.diff(m.base, m.next!);
  return {
    changes,
    set: { ...stampOf(m), status: counter ? 'C' : 'P', turn_account_id: m.partner, version: number },
    newVersion: { kind: counter ? 'counter' : 'amendment', status: counter ? 'C' : 'P', terms: m.next!, changes },
    latest: counter ? decided(m, 'countered') : undefined,
    mine: counter
      ? `Sent a counter-proposal to ${names.partner} (version ${number})`
      : `Proposed an amendment to ${names.partner} (version ${number})`,
    theirs: counter
      ? `${names.me} sent a counter-proposal (version ${number})`
      : `${names.me} proposed an amendment (version ${number})`,
    // The news names the version it proposes.
    news: changeNews(counter ? 'countered' : 'amended', { ...newsValues(m), version: number }),
  };
}

function planWithdraw(m: MoveInput): Plan {
  const { row, names } = m;
  const amendment = row.accepted_version !== null;
  return {
    set: amendment
      ? { ...stampOf(m), status: 'A', turn_account_id: null }
      : {
          ...stampOf(m),
          status: 'X',
          turn_account_id: null,
          canceled_by: m.side.accountId,
          ends_at: m.now.toISOString(),
        },
    latest: decided(m, 'withdrawn'),
    mine: `Withdrew ${amendment ? 'the amendment' : 'the proposal'} to ${names.partner} (version ${row.version})`,
    theirs: `${names.me} withdrew ${amendment ? 'its amendment' : 'its proposal'} (version ${row.version})`,
    news: changeNews('withdrawn', newsValues(m)),
  };
}

function planCancel(m: MoveInput): Plan {
  const { row, names } = m;
  const accepted = row.accepted_terms ? (JSON.parse(row.accepted_terms) as Partial<Terms>) : {};
  const days = accepted.notice_period ?? 0;
  const ends = new Date(m.now.getTime() + days * DAY_MS).toISOString();
  const pending = row.status === 'P' || row.status === 'C';
  const when = days ? `it stays in force until ${ends.slice(0, 10)} (${days} days' notice)` : 'it ends now';
  const news = changeNews('cancelled', { company: names.me, days });
  return {
    set: { ...stampOf(m), status: 'X', turn_account_id: null, canceled_by: m.side.accountId, ends_at: ends },
    latest: pending ? decided(m, 'canceled') : undefined,
    mine: `Cancelled the contract with ${names.partner}; ${when}`,
    theirs: `${names.me} cancelled the contract; ${when}`,
    // The body names the day the contract ends, in the reader's own date format.
    news: {
      ...news,
      body: (lang) =>
        t(lang, 'notification.partnership_change.cancelled.body', {
          company: names.me,
          days,
          date: formatDate(lang, ends),
        }),
    },
  };
}

/** What a move writes and says. */
export function plan(m: MoveInput): Plan {
  switch (m.move) {
    case 'save':
      return planSave(m);
    case 'send':
      return planSend(m);
    case 'accept':
      return planAccept(m);
    case 'reject':
      return planReject(m);
    case 'counter':
    case 'amend':
      return planProposal(m, m.move === 'counter');
    case 'withdraw':
      return planWithdraw(m);
    case 'cancel':
      return planCancel(m);
    case 'delete':
      throw new Error('delete is not a move of plan()');
  }
}
