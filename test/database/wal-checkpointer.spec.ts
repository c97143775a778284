// SQLite's WAL is copied into the database file by the checkpointer's connection after writes commit
// (src/database/wal-checkpointer.ts), not inside the writes' commits: the writer checkpoints only
// past a far higher bound. What the writes stored is in the file itself.
import { Logger } from '@nestjs/common';
import Database from 'better-sqlite3';
import { copyFileSync, mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseDatabaseUrl } from '../../src/database/data-source';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { WalCheckpointer, WRITER_AUTOCHECKPOINT_PAGES } from '../../src/database/wal-checkpointer';

const ROWS = 40;
const ROW_BYTES = 16 * 1024;

describe('the WAL checkpointer (SQLite)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'kbp-checkpoint-'));
  const file = join(directory, 'kb.db');
  let db: UnitOfWork;
  const checkpointer = () => (db as unknown as { checkpointer: WalCheckpointer }).checkpointer;

  beforeAll(async () => {
    db = await UnitOfWork.open(parseDatabaseUrl(file));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('the writer leaves checkpoints to it below its own bound', async () => {
    const bound = await db.write(async (tx) => tx.query('PRAGMA wal_autocheckpoint'));
    expect(Object.values(bound[0])[0]).toBe(WRITER_AUTOCHECKPOINT_PAGES);
  });

  it('copies every committed page into the file soon after the writes, and nothing is lost', async () => {
    await db.write((tx) => tx.query('CREATE TABLE checkpoint_probe (n INTEGER PRIMARY KEY, filler BLOB NOT NULL)'));
    // Several commits, about 160 WAL pages: far below the writer's own bound.
    for (let n = 0; n < ROWS; n++) {
      await db.write((tx) => tx.query('INSERT INTO checkpoint_probe (n, filler) VALUES (?, randomblob(?))', [n, ROW_BYTES]));
    }
    // Every commit asks for a checkpoint that begins after it (or is already waiting to begin), so
    // once none is pending the last one ran after the last write. One that was under way during the
    // writes may report after them, with only some of the rows: that is not the one to wait for.
    for (let waited = 0; waited < 5000 && checkpointer().pending; waited += 50) await sleep(50);
    expect(checkpointer().pending).toBe(false);
    const last = checkpointer().last!;
    expect(last.walPages).toBeGreaterThanOrEqual(ROWS);
    expect(last.checkpointedPages).toBe(last.walPages);

    // The file alone holds every row: a copy of it, opened without the WAL beside it.
    const copy = join(directory, 'copy.db');
    copyFileSync(file, copy);
    const alone = new Database(copy, { readonly: true });
    try {
      expect(alone.prepare('SELECT COUNT(*) AS n, SUM(length(filler)) AS bytes FROM checkpoint_probe').get()).toEqual({ n: ROWS, bytes: ROWS * ROW_BYTES });
    } finally {
      alone.close();
    }
  });

  it('fails to start, as opening the database fails, when the file is not there', async () => {
    await expect(WalCheckpointer.start(join(directory, 'missing.db'))).rejects.toThrow(/could not open .*missing.db/);
  });

  it('closes with a checkpoint due or under way, and every write is in the database after it', async () => {
    const busy = join(directory, 'busy.db');
    const opened = await UnitOfWork.open(parseDatabaseUrl(busy));
    await opened.write((tx) => tx.query('CREATE TABLE t (n INTEGER PRIMARY KEY, filler BLOB NOT NULL)'));
    for (let n = 0; n < ROWS; n++) await opened.write((tx) => tx.query('INSERT INTO t (n, filler) VALUES (?, randomblob(?))', [n, ROW_BYTES]));
    await opened.close();
    const reopened = new Database(busy, { readonly: true });
    try {
      expect(reopened.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: ROWS });
    } finally {
      reopened.close();
    }
  });

  it('says so when its thread ends unasked, and writes, reads and close go on', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => {});
    const alone = join(directory, 'alone.db');
    const opened = await UnitOfWork.open(parseDatabaseUrl(alone));
    try {
      const thread = (opened as unknown as { checkpointer: { thread: Worker } }).checkpointer.thread;
      await thread.terminate();
      await opened.write((tx) => tx.query('CREATE TABLE t (n INTEGER PRIMARY KEY)'));
      for (let n = 0; n < 5; n++) await opened.write((tx) => tx.query('INSERT INTO t (n) VALUES (?)', [n]));
      expect(await opened.reader.query('SELECT COUNT(*) AS n FROM t')).toEqual([{ n: 5 }]);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0][0])).toMatch(/checkpointer's thread ended.*Checkpoints stop/);
    } finally {
      await opened.close();
      errors.mockRestore();
    }
  });

  it('closes its connection with the unit of work: no file of the database stays open', async () => {
    const other = join(directory, 'other.db');
    /** Descriptors of this process open on the database's files (its WAL and shared memory too). */
    const openFiles = () => readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(other);
      } catch {
        return false; // closed meanwhile
      }
    }).length;
    const opened = await UnitOfWork.open(parseDatabaseUrl(other));
    await opened.write((tx) => tx.query('CREATE TABLE t (x INTEGER)'));
    expect(openFiles()).toBeGreaterThan(0);
    await opened.close();
    expect(openFiles()).toBe(0);
  });
});
