// Bases, users, memberships and tokens on SQLite.
import type { Base, Role, User } from '../../domain/types.ts';
import { AlreadyExistsError, type NewToken, type TokenAccess, type TokenRecord } from '../store.ts';
import { toTokenAccess, toTokenRecord, tokenAccessJoins, type TokenAccessRow, type TokenRow } from '../token-rows.ts';
import type { SqliteConnection } from './connection.ts';

const tokenColumns = `SELECT t.token_id, t.base_id, t.user_id, u.email, t.scope, t.display_prefix, t.last_four,
  t.created_at, t.expires_at, t.revoked_at`;
const tokenSelect = `${tokenColumns} FROM tokens t JOIN users u ON u.user_id = t.user_id`;

export class SqliteIdentity {
  private readonly sql: SqliteConnection;

  constructor(sql: SqliteConnection) {
    this.sql = sql;
  }

  findTokenByHash(tokenHash: string): TokenRecord | null {
    const row = this.sql.get<TokenRow>(`${tokenSelect} WHERE t.token_hash = ?`, tokenHash);
    return row ? toTokenRecord(row) : null;
  }

  findTokenAccess(tokenHash: string): TokenAccess | null {
    const row = this.sql.get<TokenAccessRow>(`${tokenColumns}${tokenAccessJoins} WHERE t.token_hash = ?`, tokenHash);
    return row ? toTokenAccess(row) : null;
  }

  memberRole(baseId: string, userId: number): Role | null {
    return this.sql.get<{ role: Role }>('SELECT role FROM members WHERE base_id = ? AND user_id = ?', baseId, userId)?.role ?? null;
  }

  getBase(baseId: string): Base | null {
    const row = this.sql.get<{ base_id: string; description: string; view: Base['view'] }>(
      'SELECT base_id, description, view FROM bases WHERE base_id = ?', baseId,
    );
    return row ? { baseId: row.base_id, description: row.description, view: row.view } : null;
  }

  countBases(): number {
    return this.sql.get<{ count: number }>('SELECT count(*) AS count FROM bases')!.count;
  }

  createBase(base: Base, now: string): void {
    this.sql.transaction(() => {
      if (this.getBase(base.baseId)) throw new AlreadyExistsError(`knowledge base ${base.baseId}`);
      this.sql.run(
        'INSERT INTO bases (base_id, description, view, created_at) VALUES (?, ?, ?, ?)',
        base.baseId, base.description, base.view, now,
      );
    });
  }

  createUser(email: string, name: string, now: string): User {
    return this.sql.transaction(() => {
      if (this.findUserByEmail(email)) throw new AlreadyExistsError(`user ${email}`);
      const { user_id } = this.sql.get<{ user_id: number }>(
        'INSERT INTO users (email, name, created_at) VALUES (?, ?, ?) RETURNING user_id', email, name, now,
      )!;
      return { userId: user_id, email, name };
    });
  }

  findUserByEmail(email: string): User | null {
    const row = this.sql.get<{ user_id: number; email: string; name: string }>(
      'SELECT user_id, email, name FROM users WHERE email = ?', email,
    );
    return row ? { userId: row.user_id, email: row.email, name: row.name } : null;
  }

  setMemberRole(baseId: string, userId: number, role: Role): void {
    this.sql.run(
      `INSERT INTO members (base_id, user_id, role) VALUES (?, ?, ?)
       ON CONFLICT (base_id, user_id) DO UPDATE SET role = excluded.role`,
      baseId, userId, role,
    );
  }

  createToken(token: NewToken): void {
    this.sql.run(
      `INSERT INTO tokens (token_id, base_id, user_id, token_hash, display_prefix, last_four, scope, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      token.tokenId, token.baseId, token.userId, token.tokenHash, token.displayPrefix, token.lastFour,
      token.scope, token.createdAt, token.expiresAt,
    );
  }

  listTokens(baseId?: string): TokenRecord[] {
    const rows = baseId === undefined
      ? this.sql.all<TokenRow>(`${tokenSelect} ORDER BY t.created_at, t.token_id`)
      : this.sql.all<TokenRow>(`${tokenSelect} WHERE t.base_id = ? ORDER BY t.created_at, t.token_id`, baseId);
    return rows.map(toTokenRecord);
  }

  revokeToken(tokenId: string, now: string): boolean {
    return this.sql.run(
      'UPDATE tokens SET revoked_at = coalesce(revoked_at, ?) WHERE token_id = ?', now, tokenId,
    ) > 0;
  }
}
