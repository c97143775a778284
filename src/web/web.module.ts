// The web pages: sign-in, one-time links, account, tokens and administration, server-rendered
// (their headers and form parsing: web-middleware.ts). Sign-in attempts are limited per address
// (the throttler) besides per account (SignInService).
import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { AuthModule } from '../auth/auth.module';
import { BasesModule } from '../bases/bases.module';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { IdentityModule } from '../identity/identity.module';
import { OauthModule } from '../oauth/oauth.module';
import { PagesModule } from '../pages/pages.module';
import { SearchModule } from '../search/search.module';
import { ReadingModule } from '../reading/reading.module';
import { AccountController } from './account/account.controller';
import { AdminActions } from './admin/admin-actions.service';
import { AdminController } from './admin/admin.controller';
import { AssetsController } from './assets.controller';
import { ReadingController } from './reading/reading.controller';
import { ReadingErrorFilter } from './reading/reading-error.filter';
import { VisitorGuard } from './reading/visitor.guard';
import { CrossSiteGuard } from './cross-site.guard';
import { EditingController } from './editing/editing.controller';
import { MovesController } from './editing/moves.controller';
import { BaseRoleGuard } from './kb/base-role.guard';
import { ConsentController } from './oauth/consent.controller';
import { MembersPageController } from './members/members-page.controller';
import { SettingsPageController } from './members/settings-page.controller';
import { AdministratorGuard } from './session/administrator.guard';
import { SignedInGuard } from './session/signed-in.guard';
import { WebSessions } from './session/web-sessions';
import { SetupController } from './sign-in/setup.controller';
import { SignInController } from './sign-in/sign-in.controller';
import { TokensPageController } from './tokens/tokens-page.controller';
import { TrashController } from './trash/trash.controller';
import { Views } from './views';
import { WebErrorFilter } from './web-error.filter';

const pageControllers = [SignInController, SetupController, AccountController, TokensPageController, AdminController, ReadingController, ConsentController];
/** The pages that write a base: the editor, moves, deleting, the trash. */
const writingControllers = [EditingController, MovesController, TrashController];
/** A knowledge base's pages for its owners. */
const ownerControllers = [MembersPageController, SettingsPageController];

@Module({
  imports: [
    AuthModule,
    BasesModule,
    IdentityModule,
    OauthModule,
    PagesModule.withSearchIndex(SearchModule),
    ReadingModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        throttlers: [{ name: 'sign-in', ttl: 15 * 60_000, limit: config.signInAttemptsPerAddress }],
      }),
    }),
  ],
  controllers: [...pageControllers, ...writingControllers, ...ownerControllers, AssetsController],
  providers: [Views, WebSessions, WebErrorFilter, CrossSiteGuard, SignedInGuard, AdministratorGuard, BaseRoleGuard, AdminActions, VisitorGuard, ReadingErrorFilter],
})
export class WebModule {}
