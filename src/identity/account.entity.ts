// A user's account: what signing in needs beyond the users row of auth (a password hash in PHC
// form, administrator, disabled, language). Users made before accounts existed have none until
// one is needed (AccountsService.ensureAccount).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('accounts')
export class AccountEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash: string | null;

  @Column({ name: 'is_admin', type: 'boolean', default: false })
  isAdmin: boolean;

  @Column({ name: 'disabled_at', type: 'varchar', length: 24, nullable: true })
  disabledAt: string | null;

  @Column({ type: 'varchar', length: 8, nullable: true })
  locale: string | null;

  @Column({ name: 'created_at', type: 'varchar', length: 24 })
  createdAt: string;
}
