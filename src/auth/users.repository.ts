// The SQL of users, who are named by their email address.
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UserEntity } from './user.entity';

export interface UserRecord {
  userId: number;
  email: string;
  name: string;
}

@Injectable()
export class UsersRepository {
  async findByEmail(em: EntityManager, email: string): Promise<UserRecord | null> {
    const user = await em.getRepository(UserEntity).findOneBy({ email });
    return user ? { userId: Number(user.userId), email: user.email, name: user.name } : null;
  }

  /** Fails with the driver's unique-key error when the address is taken. */
  async insert(tx: EntityManager, user: { email: string; name: string }, createdAt: string): Promise<UserRecord> {
    const result = await tx.getRepository(UserEntity).insert({ ...user, createdAt });
    return { userId: Number(result.identifiers[0].userId), ...user };
  }
}
