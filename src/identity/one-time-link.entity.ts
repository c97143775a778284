// A one-time link that lets a user set a password (first run, forgotten password, a new user made
// by an administrator): the SHA-256 (hex) of its secret, used once.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('one_time_links')
export class OneTimeLinkEntity {
  @PrimaryColumn({ name: 'link_hash', type: 'varchar', length: 64 })
  linkHash: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;

  @Column({ name: 'expires_at', type: 'varchar', length: 24 })
  expiresAt: string;

  @Column({ name: 'used_at', type: 'varchar', length: 24, nullable: true })
  usedAt: string | null;
}
