/** Bulk writing helpers shared by the generator and the loader. */
import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/open.js';
import { rebuildSearchIndex } from './derive.js';

type Value = string | number | null;

/** Inserts rows many at a time with one multi-row statement: far fewer calls into SQLite. */
export class BatchInserter {
  private readonly full: Statement;
  private readonly buffer: Value[] = [];
  private readonly width: number;
  private readonly rowsPerBatch: number;
  private readonly sqlHead: string;
  private readonly rowSql: string;
  /** Rows added so far. */
  count = 0;

  constructor(private readonly db: Db, table: string, columns: readonly string[], rowsPerBatch = 256) {
    this.width = columns.length;
    this.rowsPerBatch = rowsPerBatch;
    this.sqlHead = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
    this.rowSql = `(${columns.map(() => '?').join(', ')})`;
    this.full = db.prepare(this.sql(rowsPerBatch));
  }

  private sql(rows: number): string {
    return this.sqlHead + Array.from({ length: rows }, () => this.rowSql).join(', ');
  }

  add(...row: Value[]): void {
    for (const value of row) this.buffer.push(value);
    this.count++;
    if (this.buffer.length === this.width * this.rowsPerBatch) {
      this.full.run(this.buffer);
      this.buffer.length = 0;
    }
  }

  /** Writes what is left; call once at the end. */
  flush(): void {
    if (this.buffer.length === 0) return;
    this.db.prepare(this.sql(this.buffer.length / this.width)).run(this.buffer);
    this.buffer.length = 0;
  }
}

/** The catalog's tables in the order rows may be deleted (children first). */
const CATALOG_TABLES = [
  'trending', 'plays', 'reposts', 'saves', 'follows', 'playlist_tracks', 'playlists',
  'track_remixes', 'tracks', 'write_grants', 'users',
] as const;

/** Tables whose secondary indexes are dropped during a bulk load and built again after it. */
const BULK_TABLES = ['users', 'tracks', 'track_remixes', 'playlists', 'playlist_tracks', 'follows', 'saves', 'reposts', 'plays'];

export function catalogIsEmpty(db: Db): boolean {
  return !db.prepare('SELECT 1 FROM users LIMIT 1').get() && !db.prepare('SELECT 1 FROM tracks LIMIT 1').get();
}

/** Deletes every catalog row (write grants too: they name users) and empties the search index. Developer apps and metrics stay. */
export function clearCatalog(db: Db): void {
  db.transaction(() => {
    for (const table of CATALOG_TABLES) db.exec(`DELETE FROM ${table}`);
    rebuildSearchIndex(db);
  })();
}

/**
 * Runs `fill` with the bulk tables' secondary indexes dropped, then builds them again from their
 * own stored SQL: one sort per index instead of a B-tree update per row. Call inside a
 * transaction, so that a failure brings the indexes back with the rollback.
 */
export function withoutSecondaryIndexes<T>(db: Db, fill: () => T): T {
  const marks = BULK_TABLES.map(() => '?').join(', ');
  const indexes = db
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${marks})`)
    .all(...BULK_TABLES) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`DROP INDEX "${index.name.replace(/"/g, '""')}"`);
  const result = fill();
  for (const index of indexes) db.exec(index.sql);
  return result;
}

/** Runs `work` in one transaction with foreign-key checks off (the callers' data is checked or consistent by construction). */
export function inBulkTransaction<T>(db: Db, work: () => T): T {
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  if (foreignKeys) db.pragma('foreign_keys = OFF');
  try {
    return db.transaction(work)();
  } finally {
    if (foreignKeys) db.pragma('foreign_keys = ON');
  }
}
