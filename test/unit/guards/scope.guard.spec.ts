// Step 5 (403): a route declared @RequireScope('write') (directly or through @Auth('write'),
// on the handler or its controller) needs a write token; every other route takes a read token.
import { Reflector } from '@nestjs/core';
import { RouteProtections } from '../../../src/http/guards/route-protection';
import { Auth, RequireScope } from '../../../src/http/decorators/protection';
import { ScopeGuard } from '../../../src/http/guards/scope.guard';
import { access, fakeContext, fakeRequest, refusalOf } from './fake-context';

class Routes {
  @RequireScope('write')
  write(): void {}

  @Auth('write')
  authWrite(): void {}

  @Auth()
  authRead(): void {}

  undecorated(): void {}
}

@RequireScope('write')
class WritingController {
  inherited(): void {}

  @RequireScope('read')
  overridden(): void {}
}

const guard = new ScopeGuard(new RouteProtections(new Reflector()));

function check(scope: 'read' | 'write', handler: Function, owner: Function = Routes): boolean {
  return guard.canActivate(fakeContext(fakeRequest({ access: access({ scope }) }), handler, owner));
}

describe('ScopeGuard', () => {
  it.each([
    ['@RequireScope("write")', Routes.prototype.write],
    ['@Auth("write")', Routes.prototype.authWrite],
  ])('refuses a read token on a handler with %s with 403 naming the write scope', (_label, handler) => {
    expect(refusalOf(() => check('read', handler))).toMatchObject({ code: 'FORBIDDEN', status: 403, message: expect.stringMatching(/write scope/) });
  });

  it('lets a write token through on a write handler', () => {
    expect(check('write', Routes.prototype.write)).toBe(true);
    expect(check('write', Routes.prototype.authWrite)).toBe(true);
  });

  it('lets either token through on a read or undecorated handler', () => {
    for (const scope of ['read', 'write'] as const) {
      expect(check(scope, Routes.prototype.authRead)).toBe(true);
      expect(check(scope, Routes.prototype.undecorated)).toBe(true);
    }
  });

  it("takes the controller's scope when the handler declares none", () => {
    expect(refusalOf(() => check('read', WritingController.prototype.inherited, WritingController))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("lets the handler's scope override its controller's", () => {
    expect(check('read', WritingController.prototype.overridden, WritingController)).toBe(true);
  });
});
