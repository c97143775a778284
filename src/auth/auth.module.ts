// Tokens and access: the guard chain's lookups, and the administration of users, members and tokens.
import { Module } from '@nestjs/common';
import { AccessRepository } from './access.repository';
import { AccessService } from './access.service';

@Module({
  providers: [AccessService, AccessRepository],
  exports: [AccessService],
})
export class AuthModule {}
