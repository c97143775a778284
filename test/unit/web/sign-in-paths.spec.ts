// Where sign-in sends a visitor back: only to a path of this service.
import fc from 'fast-check';
import { HOME_PATH, safeNext, signInPath } from '../../../src/web/sign-in/sign-in-paths';

describe('safeNext', () => {
  it.each(['/account', '/tokens?x=1', '/admin#users', '/a/b/c'])('keeps the local path %s', (path) => {
    expect(safeNext(path)).toBe(path);
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', 'evil', '', '/\nx', undefined, ['/account'], 42])(
    'sends %p home', (next) => {
      expect(safeNext(next)).toBe(HOME_PATH);
    },
  );

  it('never answers anything a browser would read as another host', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (next) => {
      const path = safeNext(next);
      const url = new URL(path, 'http://kb.example.com');
      expect(url.host).toBe('kb.example.com');
    }));
  });

  it('names the way back in the sign-in link, except home', () => {
    expect(signInPath('/account?a=1')).toBe('/signin?next=%2Faccount%3Fa%3D1');
    expect(signInPath('/')).toBe('/signin');
    expect(signInPath('/tokens')).toBe('/signin?next=%2Ftokens');
    expect(signInPath(undefined)).toBe('/signin');
    expect(signInPath('//evil.example')).toBe('/signin');
  });
});
