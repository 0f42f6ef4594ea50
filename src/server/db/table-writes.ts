/**
 * Counts the statements that may have changed each table, for caches in a process that is the
 * database's only writer (the embedded SQLite: one node, see docs/operations.md, "Running several nodes").
 * A cache keeps the generation of the tables it read and trusts its copy while that is
 * unchanged: any write, committed or not, makes it read again. Deliberately coarse: a statement
 * other than a SELECT counts for every word of its SQL text, so a table is never missed (a
 * column or keyword counted as well costs nothing).
 */
export class TableWrites {
  readonly #counts = new Map<string, number>();
  /** The words of each writing statement's SQL, worked out once per SQL text (the statements are few). */
  readonly #words = new Map<string, readonly string[]>();

  /** Called with each statement's SQL just before it runs. */
  noteStatement(sql: string): void {
    let words = this.#words.get(sql);
    if (!words) {
      words = /^\s*select\b/i.test(sql) ? [] : [...new Set(sql.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [])];
      if (this.#words.size >= 2000) this.#words.clear();
      this.#words.set(sql, words);
    }
    for (const w of words) this.#counts.set(w, (this.#counts.get(w) ?? 0) + 1);
  }

  /** A number that changes whenever a statement that may write one of these tables runs. */
  generation(tables: readonly string[]): number {
    let sum = 0;
    for (const t of tables) sum += this.#counts.get(t) ?? 0;
    return sum;
  }
}
