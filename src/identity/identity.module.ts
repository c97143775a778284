// Identity: accounts (passwords, administrators), sessions, sign-in and one-time links, for the
// web pages and for kbp. Users and tokens stay auth's: this module uses its services.
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { IdentityClock } from './clock';
import { OneTimeLinksRepository } from './one-time-links.repository';
import { OneTimeLinksService } from './one-time-links.service';
import { SessionsRepository } from './sessions.repository';
import { SessionsService } from './sessions.service';
import { SignInFailuresRepository } from './sign-in-failures.repository';
import { SignInService } from './sign-in.service';

@Module({
  imports: [AuthModule],
  providers: [
    IdentityClock,
    AccountsService, AccountsRepository,
    SessionsService, SessionsRepository,
    SignInService, SignInFailuresRepository,
    OneTimeLinksService, OneTimeLinksRepository,
  ],
  exports: [AccountsService, SessionsService, SignInService, OneTimeLinksService, IdentityClock],
})
export class IdentityModule {}
