// A refresh token, by its SHA-256: good once (used_at), until expires_at, while its grant stands.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('oauth_refresh_tokens')
export class OauthRefreshTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ name: 'grant_id', type: 'varchar', length: 32 })
  grantId: string;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;

  @Column({ name: 'expires_at', type: 'varchar', length: 24 })
  expiresAt: string;

  @Column({ name: 'used_at', type: 'varchar', length: 24, nullable: true })
  usedAt: string | null;
}
