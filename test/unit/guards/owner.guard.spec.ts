// Step 4 (403): the token's user owns the base now; the scope is judged by the next step.
import { OwnerGuard } from '../../../src/http/guards/owner.guard';
import { access, fakeContext, fakeRequest, refusalOf } from './fake-context';

describe('OwnerGuard', () => {
  const guard = new OwnerGuard();

  it('lets the owner through, with either scope', () => {
    for (const scope of ['read', 'write'] as const) {
      expect(guard.canActivate(fakeContext(fakeRequest({ access: access({ scope }) })))).toBe(true);
    }
  });

  it.each(['writer', 'reader', null] as const)('refuses the role %s with 403', (role) => {
    const request = fakeRequest({ access: access({ role }) });
    expect(refusalOf(() => guard.canActivate(fakeContext(request)))).toMatchObject({ code: 'FORBIDDEN', status: 403, message: expect.stringMatching(/owner/) });
  });
});
