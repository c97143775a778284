// Tokens and access: the guard chain's lookups, the administration of users, members and tokens,
// and a user's own tokens (the token page).
import { Module } from '@nestjs/common';
import { BasesModule } from '../bases/bases.module';
import { AccessRepository } from './access.repository';
import { AccessService } from './access.service';
import { MembersRepository } from './members.repository';
import { MembersService } from './members.service';
import { OwnedTokensRepository } from './owned-tokens.repository';
import { OwnedTokensService } from './owned-tokens.service';
import { TokensRepository } from './tokens.repository';
import { TokenInfoController } from './token-info.controller';
import { TokenUses } from './token-uses';
import { TokenUsesRepository } from './token-uses.repository';
import { TokensService } from './tokens.service';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

@Module({
  imports: [BasesModule],
  controllers: [TokenInfoController],
  providers: [
    AccessService, AccessRepository,
    UsersService, UsersRepository,
    MembersService, MembersRepository,
    TokensService, TokensRepository,
    OwnedTokensService, OwnedTokensRepository,
    TokenUses, TokenUsesRepository,
  ],
  exports: [AccessService, TokenUses, UsersService, MembersService, TokensService, OwnedTokensService],
})
export class AuthModule {}
