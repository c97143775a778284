// Step 2 (403): the token is bound to the path's knowledge base; nothing else is judged here.
import { BaseBindingGuard } from '../../../src/http/guards/base-binding.guard';
import { access, fakeContext, fakeRequest, refusalOf } from './fake-context';

describe('BaseBindingGuard', () => {
  const guard = new BaseBindingGuard();

  it("lets a token of the path's base through", () => {
    expect(guard.canActivate(fakeContext(fakeRequest({ access: access() })))).toBe(true);
  });

  it.each(['other-base', 'TEAM-DOCS', 'team-docs ', 'Bad_Base', ''])('refuses the path base "%s" with 403', (baseId) => {
    const request = fakeRequest({ params: { base_id: baseId }, access: access() });
    expect(refusalOf(() => guard.canActivate(fakeContext(request)))).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });

  it('refuses a route without a base_id with 403 (default deny)', () => {
    const request = fakeRequest({ params: {}, access: access() });
    expect(refusalOf(() => guard.canActivate(fakeContext(request)))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('refuses a request that no token step has passed with 403', () => {
    expect(refusalOf(() => guard.canActivate(fakeContext(fakeRequest())))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('does not ask whether the base still exists or who owns it', () => {
    const request = fakeRequest({ access: access({ base: null, role: 'reader' }) });
    expect(guard.canActivate(fakeContext(request))).toBe(true);
  });
});
