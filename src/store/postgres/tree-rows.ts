// The tree rows of a base, kept in this process between requests (../tree-cache.ts): every
// write that changes what the tree shows bumps bases.outline_version in its own transaction
// (page-writes.ts, bulk-insert.ts), so kept rows are used only while the database still holds
// their version, whichever process wrote last. Reading and decoding the rows is nearly all of
// the tree's cost at 100,000 pages.
import { TreeCache } from '../tree-cache.ts';
import type { TreeRow } from '../store.ts';
import { LIVE } from './page-rows.ts';
import type { PgDatabase, Tx } from './pool.ts';
import { decodeText } from './text-codec.ts';

async function readRows(q: Tx, baseId: string, levels: number): Promise<TreeRow[]> {
  const rows = await q.rows<{ content_id: string; title: string; level: number }>(
    `SELECT content_id, title, level FROM pages WHERE base_id = $1 AND status = '${LIVE}' AND level < $2 ORDER BY seq`,
    [baseId, levels],
  );
  return rows.map((row) => ({ contentId: row.content_id, title: decodeText(row.title), level: row.level }));
}

export class PostgresTreeRows {
  private readonly db: PgDatabase;
  private readonly cache = new TreeCache();
  /** Reads under way, so that requests arriving together for rows not kept read them once. */
  private readonly loading = new Map<string, Promise<TreeRow[]>>();

  constructor(db: PgDatabase) {
    this.db = db;
  }

  async rows(baseId: string, levels: number): Promise<readonly TreeRow[]> {
    // The version is read before the rows: rows read later are never older than their version,
    // at worst newer, which only costs one more read when the version is next compared.
    const row = await this.db.read((q) => q.row<{ v: string }>('SELECT outline_version AS v FROM bases WHERE base_id = $1', [baseId]));
    if (!row) return [];
    const version = Number(row.v);
    const kept = this.cache.get(baseId, version, levels);
    if (kept) return kept;
    const key = `${baseId}\u0000${version}\u0000${levels}`;
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.db.read((q) => readRows(q, baseId, levels)).finally(() => this.loading.delete(key));
      this.loading.set(key, loading);
    }
    const rows = await loading;
    return this.cache.get(baseId, version, levels) ?? this.cache.keep(baseId, version, levels, rows);
  }
}
