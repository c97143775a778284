// Failed sign-ins of one normalised address, whether or not a user has it, so that the delay they
// cause tells nothing about which addresses exist; a success removes the row.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('sign_in_failures')
export class SignInFailureEntity {
  @PrimaryColumn({ name: 'email_key', type: 'varchar', length: 320 })
  emailKey: string;

  @Column({ type: 'int' })
  failures: number;

  @Column({ name: 'last_failed_at', type: 'varchar', length: 24 })
  lastFailedAt: string;
}
