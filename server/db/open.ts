import Database from 'better-sqlite3';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Db = Database.Database;

const schemaSql = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');

/** Opens (creating when missing) the catalog database in `dataDir` and applies the schema. */
export function openDatabase(dataDir: string, file = 'catalog.sqlite'): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, file));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -65536');
  db.pragma('temp_store = MEMORY');
  applySchema(db);
  return db;
}

/** An in-memory database with the schema, for tests. */
export function openMemoryDatabase(): Db {
  const db = new Database(':memory:');
  applySchema(db);
  return db;
}

/** Creates whatever of the schema is missing; tables that exist are left as they are. */
export function applySchema(db: Db): void {
  db.exec(schemaSql);
}

export function getMeta(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function setMeta(db: Db, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}
