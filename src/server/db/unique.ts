/**
 * Unique-constraint violations, the same on both databases. A check before an insert ("is this
 * e-mail taken?") cannot see a parallel insert, so the database's constraint decides the race;
 * the loser's error comes here and is answered with the field's message (400) or a 409, never a
 * 500. On PostgreSQL a violation aborts the transaction: catch it outside the transaction.
 */
export interface UniqueViolation {
  /** The table's columns the constraint covers, as far as the database says (may be empty). */
  columns: string[];
  /** The constraint or index name when the database gives it. */
  constraint?: string;
}

/** The violation, or undefined when `error` is anything else. */
export function uniqueViolation(error: unknown): UniqueViolation | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { code?: unknown; message?: unknown; detail?: unknown; constraint?: unknown };
  // PostgreSQL: 23505 unique_violation, "Key (a, b)=(...) already exists."
  if (e.code === '23505') {
    const key = typeof e.detail === 'string' ? /^Key \(([^)]*)\)=/.exec(e.detail) : null;
    return {
      columns: key ? key[1]!.split(',').map((c) => c.trim().replace(/^"|"$/g, '')) : [],
      constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
    };
  }
  // SQLite: "UNIQUE constraint failed: users.email" or "...: index 'name'".
  if (
    (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') &&
    typeof e.message === 'string'
  ) {
    const list = /constraint failed: (.*)$/.exec(e.message)?.[1] ?? '';
    const index = /^index '([^']+)'$/.exec(list);
    if (index) return { columns: [], constraint: index[1] };
    return {
      columns: list
        .split(',')
        .map((c) => c.trim().split('.').pop()!)
        .filter(Boolean),
    };
  }
  return undefined;
}

/** Is `error` a unique violation on this column (or on a constraint covering it)? */
export function violates(error: unknown, column: string): boolean {
  const v = uniqueViolation(error);
  if (!v) return false;
  return v.columns.includes(column) || (v.constraint?.includes(column) ?? false);
}

/**
 * Run `work`; a unique violation on one of `answers`' columns throws that column's answer
 * instead (first match wins). Any other error passes through unchanged.
 */
export async function onUnique<T>(work: () => Promise<T>, answers: Record<string, () => Error>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    for (const [column, answer] of Object.entries(answers)) if (violates(error, column)) throw answer();
    throw error;
  }
}

/**
 * Run `work` again (up to `attempts` times, told which attempt it is) while it loses a race on
 * `column`: for values the server picks itself (a free username), where the caller has nothing
 * to correct.
 */
export async function retryOnUnique<T>(
  column: string,
  work: (attempt: number) => Promise<T>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt + 1 >= attempts || !violates(error, column)) throw error;
    }
  }
}

/**
 * A foreign-key violation, the same on both databases: a row that names one deleted in parallel
 * (an API key for a whitelist entry being deleted), or a delete of a row still named. Like a
 * unique violation, a race the constraint decides: answered 400 or 409, never a 500.
 */
export function foreignKeyViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  // PostgreSQL 23503 foreign_key_violation; SQLite "FOREIGN KEY constraint failed".
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
