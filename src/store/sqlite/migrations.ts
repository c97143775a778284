// Versioned schema of the SQLite store. Append new versions; never edit an applied one.
// Data that belongs to a base carries base_id in its key, so it can be partitioned by base.
export const sqliteMigrations: readonly string[] = [
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
];
