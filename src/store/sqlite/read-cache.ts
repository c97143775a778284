// Recent answers of the hottest reads (token access, page detail, page count), kept only while
// nothing has been committed since: every use first asks the connection for its change stamp
// (this connection's writes plus PRAGMA data_version, which moves when any other connection or
// process commits). A stamp costs under a microsecond; the reads it saves cost ten or more.
import type { SqliteConnection } from './connection.ts';

export class ReadCache<V> {
  private readonly sql: SqliteConnection;
  private readonly capacity: number;
  private readonly kept = new Map<string, V>();
  private stamp = -1;

  /** `capacity`: entries kept at most; the oldest goes first. */
  constructor(sql: SqliteConnection, capacity: number) {
    this.sql = sql;
    this.capacity = capacity;
  }

  /** The value under `key`, from `load` when not kept or when anything was committed since. */
  get(key: string, load: () => V): V {
    // Inside a transaction a read may see its own uncommitted writes, which must not be kept.
    if (this.sql.db.isTransaction) return load();
    const stamp = this.sql.changeStamp();
    if (stamp !== this.stamp) {
      this.kept.clear();
      this.stamp = stamp;
    }
    const kept = this.kept.get(key);
    if (kept !== undefined) return kept;
    const value = load();
    if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, value);
    return value;
  }
}
