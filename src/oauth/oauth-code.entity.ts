// An authorization code, by its SHA-256: what the user consented to, bound to the client, the
// redirect URI of the request (null when it named none), the PKCE challenge and the resource.
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '../vocabulary';

@Entity('oauth_codes')
export class OauthCodeEntity {
  @PrimaryColumn({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash: string;

  @Column({ name: 'client_id', type: 'varchar', length: 64 })
  clientId: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'base_id', type: 'varchar', length: 255 })
  baseId: string;

  @Column({ type: 'varchar', length: 8 })
  scope: Scope;

  @Column({ name: 'redirect_uri', type: 'text', nullable: true })
  redirectUri: string | null;

  @Column({ name: 'code_challenge', type: 'varchar', length: 128 })
  codeChallenge: string;

  @Column({ type: 'varchar', length: 255 })
  resource: string;

  @Column({ name: 'expires_at', type: 'varchar', length: 24 })
  expiresAt: string;

  @Column({ name: 'used_at', type: 'varchar', length: 24, nullable: true })
  usedAt: string | null;

  /** The grant its exchange made: revoked if the code comes again. */
  @Column({ name: 'grant_id', type: 'varchar', length: 32, nullable: true })
  grantId: string | null;
}
