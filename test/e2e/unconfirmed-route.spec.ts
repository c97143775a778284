// A route added without the kept token answer's confirmation fails closed: it declares
// @ConfirmsKeptAccess() but its read does not carry the check (access.unconfirmed not passed), or it
// does not answer through @AnswerWithAccess(). Mounted in a second service beside the app's own
// routes, each is called once so that the service keeps the token's answer; once the token is
// revoked through the first service, each answers 401, never the page.
import { Controller, Get, Module, Param } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { TokensService } from '../../src/auth/tokens.service';
import { defaults } from '../../src/config/config';
import { CurrentAccess, type GrantedAccess } from '../../src/http/decorators/current-access';
import { Auth, ConfirmsKeptAccess } from '../../src/http/decorators/protection';
import { AnswerWithAccess } from '../../src/http/kept-access-retry';
import { PagesService } from '../../src/pages/pages.service';
import { describeEachBackend, type TestBase } from '../support/e2e';

@Controller('api/v1/bases/:base_id/forgetful')
class ForgetfulController {
  constructor(private readonly modules: ModuleRef) {}

  private get pages(): PagesService {
    return this.modules.get(PagesService, { strict: false });
  }

  @Get('unchecked/:content_id')
  @Auth()
  @ConfirmsKeptAccess()
  unchecked(@AnswerWithAccess() answer: AnswerWithAccess, @Param('content_id') contentId: string): Promise<{ title: string }> {
    // The read is not given access.unconfirmed: nothing confirms the kept access.
    return answer(async (access) => ({ title: (await this.pages.detail(access.baseId, contentId)).title }));
  }

  @Get('unanswered/:content_id')
  @Auth()
  @ConfirmsKeptAccess()
  async unanswered(@CurrentAccess() access: GrantedAccess, @Param('content_id') contentId: string): Promise<{ title: string }> {
    // Neither through AnswerWithAccess nor with the check: nothing would hold this answer back.
    return { title: (await this.pages.detail(access.baseId, contentId)).title };
  }
}

@Module({ controllers: [ForgetfulController] })
class ForgetfulModule {}

describeEachBackend('a route that does not confirm a kept token answer', (h) => {
  let other: INestApplication;
  beforeAll(async () => {
    other = await createApp({ ...defaults, logLevel: 'silent', databaseUrl: h().database.url }, { modules: [ForgetfulModule] });
  });
  afterAll(async () => {
    await other?.close();
  });

  const viaOther = (base: TestBase, path: string) =>
    request(other.getHttpServer()).get(`/api/v1/bases/${base.baseId}/forgetful/${path}`).set('Authorization', `Bearer ${base.token}`);

  async function revoke(base: TestBase): Promise<void> {
    const [token] = await h().db.reader.query('SELECT token_id FROM tokens WHERE base_id = ?', [base.baseId]);
    await h().app.get(TokensService).revoke(token.token_id);
  }

  it.each(['unchecked', 'unanswered'])('%s: answers while the token holds, 401 once it is revoked elsewhere', async (route) => {
    const base = await h().fresh();
    const page = (await base.createPage({ title: 'Kept' })).content_id as string;
    for (let i = 0; i < 2; i++) {
      const res = await viaOther(base, `${route}/${page}`);
      expect([res.status, res.body.title]).toEqual([200, 'Kept']);
    }
    await revoke(base);
    const refused = await viaOther(base, `${route}/${page}`);
    expect([refused.status, refused.body.error?.code, refused.headers['www-authenticate']]).toEqual([401, 'UNAUTHORIZED', 'Bearer']);
  });
});
