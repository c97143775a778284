// A user's role in a knowledge base.
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Role } from '../vocabulary';

@Entity('members')
export class MemberEntity {
  @PrimaryColumn({ name: 'base_id', type: 'varchar', length: 255 })
  baseId: string;

  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  role: Role;
}
