// An access token: only its SHA-256 hash is stored, with a prefix and last four characters
// for people to recognise it, and the name its holder gave it.
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '../vocabulary';

@Entity('tokens')
export class TokenEntity {
  @PrimaryColumn({ name: 'token_id', type: 'varchar', length: 32 })
  tokenId: string;

  @Column({ name: 'base_id', type: 'varchar', length: 255 })
  baseId: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'token_hash', type: 'varchar', length: 64, unique: true })
  tokenHash: string;

  @Column({ name: 'display_prefix', type: 'varchar', length: 16 })
  displayPrefix: string;

  @Column({ name: 'last_four', type: 'varchar', length: 8 })
  lastFour: string;

  @Column({ type: 'varchar', length: 8 })
  scope: Scope;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;

  @Column({ name: 'expires_at', type: 'varchar', length: 24 })
  expiresAt: string;

  @Column({ name: 'revoked_at', type: 'varchar', length: 24, nullable: true })
  revokedAt: string | null;

  /** Given on the token page (or kbp token create --name); null when none was given. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;

  /** Recorded at most once an hour (token-uses.ts); null until the token is first used. */
  @Column({ name: 'last_used_at', type: 'varchar', length: 24, nullable: true })
  lastUsedAt: string | null;

  /** The OAuth grant an MCP client's access token was issued under; null for an API token. */
  @Column({ name: 'grant_id', type: 'varchar', length: 32, nullable: true })
  grantId: string | null;

  /** The resource (RFC 8707) an OAuth access token is for: the service's /mcp URL; null for an API token. */
  @Column({ type: 'varchar', length: 255, nullable: true })
  audience: string | null;
}
