// A grant: one user's consent for one client to one base with one scope, for one resource.
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Scope } from '../vocabulary';

@Entity('oauth_grants')
export class OauthGrantEntity {
  @PrimaryColumn({ name: 'grant_id', type: 'varchar', length: 32 })
  grantId: string;

  @Column({ name: 'client_id', type: 'varchar', length: 64 })
  clientId: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'base_id', type: 'varchar', length: 255 })
  baseId: string;

  @Column({ type: 'varchar', length: 8 })
  scope: Scope;

  @Column({ type: 'varchar', length: 255 })
  resource: string;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;

  @Column({ name: 'revoked_at', type: 'varchar', length: 24, nullable: true })
  revokedAt: string | null;
}
