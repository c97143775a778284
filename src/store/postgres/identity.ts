// Bases, users, memberships and tokens on PostgreSQL.
import type { Base, Role, User } from '../../domain/types.ts';
import { AlreadyExistsError, type NewToken, type TokenAccess, type TokenRecord } from '../store.ts';
import { toTokenAccess, toTokenRecord, tokenAccessJoins, type TokenAccessRow, type TokenRow } from '../token-rows.ts';
import type { PgDatabase } from './pool.ts';
import { iso } from './sql.ts';

interface UserRow {
  user_id: number;
  email: string;
  name: string;
}

const tokenColumns = `SELECT t.token_id, t.base_id, t.user_id, u.email, t.scope, t.display_prefix, t.last_four,
  ${iso('t.created_at')} AS created_at, ${iso('t.expires_at')} AS expires_at, ${iso('t.revoked_at')} AS revoked_at`;
const tokenSelect = `${tokenColumns} FROM tokens t JOIN users u ON u.user_id = t.user_id`;

const toUser = (row: UserRow): User => ({ userId: row.user_id, email: row.email, name: row.name });

export class PostgresIdentity {
  private readonly db: PgDatabase;

  constructor(db: PgDatabase) {
    this.db = db;
  }

  findTokenByHash(tokenHash: string): Promise<TokenRecord | null> {
    return this.db.read(async (q) => {
      const row = await q.row<TokenRow>(`${tokenSelect} WHERE t.token_hash = $1`, [tokenHash]);
      return row ? toTokenRecord(row) : null;
    });
  }

  findTokenAccess(tokenHash: string): Promise<TokenAccess | null> {
    return this.db.read(async (q) => {
      const row = await q.row<TokenAccessRow>(`${tokenColumns}${tokenAccessJoins} WHERE t.token_hash = $1`, [tokenHash]);
      return row ? toTokenAccess(row) : null;
    });
  }

  memberRole(baseId: string, userId: number): Promise<Role | null> {
    return this.db.read(async (q) => {
      const row = await q.row<{ role: Role }>('SELECT role FROM members WHERE base_id = $1 AND user_id = $2', [baseId, userId]);
      return row?.role ?? null;
    });
  }

  getBase(baseId: string): Promise<Base | null> {
    return this.db.read(async (q) => {
      const row = await q.row<{ base_id: string; description: string; view: Base['view'] }>(
        'SELECT base_id, description, view FROM bases WHERE base_id = $1', [baseId],
      );
      return row ? { baseId: row.base_id, description: row.description, view: row.view } : null;
    });
  }

  countBases(): Promise<number> {
    return this.db.read(async (q) => (await q.row<{ n: number }>('SELECT count(*)::integer AS n FROM bases'))!.n);
  }

  async createBase(base: Base, now: string): Promise<void> {
    const created = await this.db.transaction((tx) => tx.run(
      `INSERT INTO bases (base_id, description, view, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (base_id) DO NOTHING`,
      [base.baseId, base.description, base.view, now],
    ));
    if (created === 0) throw new AlreadyExistsError(`knowledge base ${base.baseId}`);
  }

  async createUser(email: string, name: string, now: string): Promise<User> {
    const row = await this.db.transaction((tx) => tx.row<UserRow>(
      `INSERT INTO users (email, name, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING RETURNING user_id, email, name`,
      [email, name, now],
    ));
    if (!row) throw new AlreadyExistsError(`user ${email}`);
    return toUser(row);
  }

  findUserByEmail(email: string): Promise<User | null> {
    return this.db.read(async (q) => {
      const row = await q.row<UserRow>('SELECT user_id, email, name FROM users WHERE email = $1', [email]);
      return row ? toUser(row) : null;
    });
  }

  async setMemberRole(baseId: string, userId: number, role: Role): Promise<void> {
    await this.db.transaction((tx) => tx.run(
      `INSERT INTO members (base_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (base_id, user_id) DO UPDATE SET role = excluded.role`,
      [baseId, userId, role],
    ));
  }

  async createToken(token: NewToken): Promise<void> {
    await this.db.transaction((tx) => tx.run(
      `INSERT INTO tokens (token_id, base_id, user_id, token_hash, display_prefix, last_four, scope, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [token.tokenId, token.baseId, token.userId, token.tokenHash, token.displayPrefix, token.lastFour,
        token.scope, token.createdAt, token.expiresAt],
    ));
  }

  listTokens(baseId?: string): Promise<TokenRecord[]> {
    return this.db.read(async (q) => {
      const rows = baseId === undefined
        ? await q.rows<TokenRow>(`${tokenSelect} ORDER BY t.created_at, t.token_id`)
        : await q.rows<TokenRow>(`${tokenSelect} WHERE t.base_id = $1 ORDER BY t.created_at, t.token_id`, [baseId]);
      return rows.map(toTokenRecord);
    });
  }

  async revokeToken(tokenId: string, now: string): Promise<boolean> {
    const changed = await this.db.transaction((tx) => tx.run(
      'UPDATE tokens SET revoked_at = coalesce(revoked_at, $1) WHERE token_id = $2', [now, tokenId],
    ));
    return changed > 0;
  }
}
