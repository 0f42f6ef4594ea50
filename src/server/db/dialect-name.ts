/** The two databases Ananas runs on: SQLite (embedded default) or PostgreSQL (DATABASE_URL). */
export type DialectName = 'sqlite' | 'postgres';
