// Step 3 (404): the token's knowledge base still exists; nothing else is judged here.
import { BaseExistsGuard } from '../../../src/http/guards/base-exists.guard';
import { access, fakeContext, fakeRequest, refusalOf } from './fake-context';

describe('BaseExistsGuard', () => {
  const guard = new BaseExistsGuard();

  it('lets a token whose base exists through', () => {
    expect(guard.canActivate(fakeContext(fakeRequest({ access: access() })))).toBe(true);
  });

  it('refuses a token whose base no longer exists with 404 naming the base', () => {
    const request = fakeRequest({ access: access({ base: null }) });
    expect(refusalOf(() => guard.canActivate(fakeContext(request)))).toMatchObject({ code: 'NOT_FOUND', status: 404, message: expect.stringContaining('team-docs') });
  });

  it('does not ask about the role', () => {
    expect(guard.canActivate(fakeContext(fakeRequest({ access: access({ role: null }) })))).toBe(true);
  });
});
