// Versioned schema of the SQLite store. Append new versions; never edit an applied one. A version
// is SQL, or a function for steps SQL cannot do alone (filling the search index from the pages).
// Data that belongs to a base carries base_id in its key, so it can be partitioned by base.
import type { SqliteConnection } from './connection.ts';
import { rebuildLiveBlocks } from './order.ts';
import { rebuildSearchIndex } from './search-index.ts';

export type Migration = string | ((sql: SqliteConnection) => void);

export const sqliteMigrations: readonly Migration[] = [
  `
  CREATE TABLE bases (
    base_id     TEXT PRIMARY KEY,
    description TEXT NOT NULL,
    view        TEXT NOT NULL,
    next_seq    INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
  );
  CREATE TABLE users (
    user_id    INTEGER PRIMARY KEY,
    email      TEXT NOT NULL UNIQUE,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE TABLE members (
    base_id TEXT NOT NULL REFERENCES bases (base_id),
    user_id INTEGER NOT NULL REFERENCES users (user_id),
    role    TEXT NOT NULL,
    PRIMARY KEY (base_id, user_id)
  );
  CREATE TABLE tokens (
    token_id       TEXT PRIMARY KEY,
    base_id        TEXT NOT NULL REFERENCES bases (base_id),
    user_id        INTEGER NOT NULL REFERENCES users (user_id),
    token_hash     TEXT NOT NULL UNIQUE,
    display_prefix TEXT NOT NULL,
    last_four      TEXT NOT NULL,
    scope          TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    expires_at     TEXT NOT NULL,
    revoked_at     TEXT
  );
  -- status: 'A' live, 'D' soft-deleted. seq is the position key: it grows with each append and
  -- a page keeps it when deleted, so the dense display order is derived, never rewritten.
  CREATE TABLE pages (
    base_id      TEXT NOT NULL REFERENCES bases (base_id),
    content_id   TEXT NOT NULL,
    seq          INTEGER NOT NULL,
    level        INTEGER NOT NULL,
    status       TEXT NOT NULL DEFAULT 'A',
    title        TEXT NOT NULL,
    body         TEXT NOT NULL,
    body_html    TEXT,
    type         TEXT NOT NULL,
    lang         TEXT NOT NULL,
    view         TEXT,
    search_title TEXT NOT NULL,
    search_body  TEXT NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    deleted_at   TEXT,
    PRIMARY KEY (base_id, content_id)
  );
  CREATE INDEX pages_outline ON pages (base_id, status, seq, level);
  CREATE INDEX pages_by_level ON pages (base_id, status, level, seq);
  `,
  // Pages split in two: the small fields, clustered in outline order so the list, the tree and
  // outline edits read and write short rows; and the texts, read only for one page or a check.
  // Then the search index (search-index.ts) and the live-page blocks (order.ts).
  `
  ALTER TABLE pages RENAME TO pages_v1;
  DROP INDEX pages_outline;
  DROP INDEX pages_by_level;
  CREATE TABLE pages (
    base_id    TEXT NOT NULL REFERENCES bases (base_id),
    seq        INTEGER NOT NULL,
    content_id TEXT NOT NULL,
    level      INTEGER NOT NULL,
    status     TEXT NOT NULL DEFAULT 'A',
    title      TEXT NOT NULL,
    type       TEXT NOT NULL,
    lang       TEXT NOT NULL,
    view       TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    deleted_at TEXT,
    PRIMARY KEY (base_id, seq)
  ) WITHOUT ROWID;
  CREATE TABLE page_texts (
    base_id      TEXT NOT NULL,
    seq          INTEGER NOT NULL,
    search_title TEXT NOT NULL,
    search_body  TEXT NOT NULL,
    body         TEXT NOT NULL,
    body_html    TEXT,
    PRIMARY KEY (base_id, seq)
  );
  INSERT INTO pages (base_id, seq, content_id, level, status, title, type, lang, view, created_at, updated_at, deleted_at)
    SELECT base_id, seq, content_id, level, status, title, type, lang, view, created_at, updated_at, deleted_at FROM pages_v1;
  INSERT INTO page_texts (base_id, seq, search_title, search_body, body, body_html)
    SELECT base_id, seq, search_title, search_body, body, body_html FROM pages_v1;
  DROP TABLE pages_v1;
  CREATE UNIQUE INDEX pages_by_content_id ON pages (base_id, content_id);
  -- path: the nearest page of each level before a page.
  CREATE INDEX pages_by_level ON pages (base_id, status, level, seq);
  -- search: pages newest first, the order inside each group of results.
  CREATE INDEX pages_by_recency ON pages (base_id, status, updated_at DESC, seq);

  -- Live pages per block of seqs: the count (total_pages) and a bitmap (dense order).
  CREATE TABLE live_blocks (
    base_id TEXT NOT NULL,
    block   INTEGER NOT NULL,
    count   INTEGER NOT NULL,
    bits    BLOB NOT NULL,
    PRIMARY KEY (base_id, block)
  ) WITHOUT ROWID;

  -- The search index: posting chunks per (base, chunk of seqs, key), chunk first so that the
  -- writes of recent pages stay together; pages whose text changed since they were indexed; and
  -- the words seen in any page, with a trigram index to find the words containing a term.
  CREATE TABLE search_postings (
    base_id TEXT NOT NULL,
    chunk   INTEGER NOT NULL,
    key     INTEGER NOT NULL,
    bits    BLOB NOT NULL,
    PRIMARY KEY (base_id, chunk, key)
  ) WITHOUT ROWID;
  CREATE TABLE search_pending (
    base_id   TEXT NOT NULL,
    seq       INTEGER NOT NULL,
    old_title TEXT,
    old_body  TEXT,
    PRIMARY KEY (base_id, seq)
  );
  CREATE TABLE search_words (
    word_id INTEGER PRIMARY KEY,
    word    TEXT NOT NULL UNIQUE
  );
  CREATE VIRTUAL TABLE search_words_trigrams USING fts5 (word, content = '', tokenize = 'trigram case_sensitive 1');
  `,
  (sql) => {
    rebuildLiveBlocks(sql);
    rebuildSearchIndex(sql);
  },
  // Pending pages get an id that names one version of their text (search-pending.ts): it is
  // never reused (AUTOINCREMENT), and a page whose text changes again gets a new one.
  `
  CREATE TABLE search_pending_v3 (
    pending_id INTEGER PRIMARY KEY AUTOINCREMENT,
    base_id    TEXT NOT NULL,
    seq        INTEGER NOT NULL,
    old_title  TEXT,
    old_body   TEXT,
    UNIQUE (base_id, seq)
  );
  INSERT INTO search_pending_v3 (base_id, seq, old_title, old_body)
    SELECT base_id, seq, old_title, old_body FROM search_pending ORDER BY base_id, seq;
  DROP TABLE search_pending;
  ALTER TABLE search_pending_v3 RENAME TO search_pending;
  `,
  // Bumped by every write that changes the tree, so a process may keep the tree's rows (../tree-cache.ts).
  'ALTER TABLE bases ADD COLUMN outline_version INTEGER NOT NULL DEFAULT 0',
];
