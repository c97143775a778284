// A signed-in browser: the SHA-256 (hex) of its cookie value, never the value itself.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ name: 'session_hash', type: 'varchar', length: 64 })
  sessionHash: string;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;

  /** Moved at most every few minutes (SESSION_TOUCH_MS): idle expiry counts from it. */
  @Column({ name: 'last_seen_at', type: 'varchar', length: 24 })
  lastSeenAt: string;

  /** Absolute expiry, fixed at sign-in. */
  @Column({ name: 'expires_at', type: 'varchar', length: 24 })
  expiresAt: string;
}
