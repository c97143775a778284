// The authorization server's pure rules: redirect URIs (registration and matching), PKCE S256,
// scope parsing and client authentication parsing, exhaustively where the cases are few and by
// property where they are not.
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { basicCredentials, presentedClient } from '../../src/oauth/client-authentication';
import { checkClientMetadata, UNNAMED_CLIENT } from '../../src/oauth/client-metadata';
import { parseScope } from '../../src/oauth/oauth-scopes';
import { isCodeChallenge, s256ChallengeOf, verifierMatches } from '../../src/oauth/pkce';
import { matchRedirectUri, redirectHostOf, redirectUriProblem, withParameters } from '../../src/oauth/redirect-uris';

describe('redirect URIs at registration', () => {
  it.each([
    'https://app.example.com/callback',
    'https://app.example.com:8443/cb?x=1',
    'http://127.0.0.1/callback',
    'http://127.0.0.1:33418/callback',
    'http://[::1]:8080/cb',
    'http://localhost:3000/oauth/callback',
    'com.example.app:/oauth2redirect',
    'cursor://anysphere.cursor-retrieval/oauth/callback',
  ])('accepts %s', (uri) => {
    expect(redirectUriProblem(uri)).toBeNull();
  });

  it.each([
    ['http on a public host', 'http://app.example.com/callback'],
    ['http on a private address', 'http://192.168.1.10/callback'],
    ['a loopback look-alike', 'http://127.0.0.1.evil.example/cb'],
    ['a fragment', 'https://app.example.com/cb#x'],
    ['an empty fragment', 'https://app.example.com/cb#'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: in capitals', 'JavaScript:alert(1)'],
    ['data:', 'data:text/html,hi'],
    ['file:', 'file:///etc/passwd'],
    ['vbscript:', 'vbscript:msgbox'],
    ['about:', 'about:blank'],
    ['blob:', 'blob:https://app.example.com/uuid'],
    ['a relative URI', '/callback'],
    ['spaces', 'https://app.example.com/a b'],
    ['user information', 'https://user:pw@app.example.com/cb'],
  ])('refuses %s', (_label, uri) => {
    expect(redirectUriProblem(uri)).toEqual(expect.any(String));
  });

  it('refuses what is not a string', () => {
    for (const value of [1, null, {}, ['https://a.example/cb']]) expect(redirectUriProblem(value)).toEqual(expect.any(String));
  });
});

describe('redirect URI matching', () => {
  const registered = ['https://app.example.com/cb', 'http://127.0.0.1:1234/callback', 'http://localhost/cb?x=1', 'com.example.app:/cb'];

  it('takes an exactly registered URI', () => {
    for (const uri of registered) expect(matchRedirectUri(registered, uri)).toBe(uri);
  });

  it('takes a loopback URI on any port, and answers it with the requested port', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 65535 }), (port) => {
      expect(matchRedirectUri(registered, `http://127.0.0.1:${port}/callback`)).toBe(`http://127.0.0.1:${port}/callback`);
      expect(matchRedirectUri(['http://127.0.0.1/callback'], `http://127.0.0.1:${port}/callback`)).toBe(`http://127.0.0.1:${port}/callback`);
      expect(matchRedirectUri(registered, `http://localhost:${port}/cb?x=1`)).toBe(`http://localhost:${port}/cb?x=1`);
    }));
  });

  it.each([
    ['another path on loopback', 'http://127.0.0.1:5555/other'],
    ['another loopback host', 'http://localhost:1234/callback'],
    ['another query on loopback', 'http://localhost:5/cb?x=2'],
    ['https on loopback (not registered)', 'https://127.0.0.1:1234/callback'],
    ['a port on a non-loopback https URI', 'https://app.example.com:444/cb'],
    ['a prefix of a registered URI', 'https://app.example.com/c'],
    ['a registered URI with more path', 'https://app.example.com/cb/../evil'],
    ['a registered URI with a query added', 'https://app.example.com/cb?next=https://evil.example'],
    ['another host', 'https://evil.example/cb'],
    ['a case change', 'https://APP.example.com/cb'],
    ['a fragment', 'http://127.0.0.1:1234/callback#x'],
  ])('refuses %s', (_label, uri) => {
    expect(matchRedirectUri(registered, uri)).toBeNull();
  });

  it('never answers a URI that is neither registered nor a loopback one differing only in port (property)', () => {
    fc.assert(fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (uri) => {
      const match = matchRedirectUri(registered, uri);
      if (match === null) return;
      expect(match).toBe(uri);
      const url = new URL(uri);
      expect(registered.includes(uri) || (url.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(url.hostname))).toBe(true);
    }));
  });

  it('takes the one registered URI when none is named, and none when several are registered', () => {
    expect(matchRedirectUri(['https://a.example/cb'], undefined)).toBe('https://a.example/cb');
    expect(matchRedirectUri(registered, undefined)).toBeNull();
  });

  it('shows the host with its port, or the private-use scheme', () => {
    expect(redirectHostOf('http://127.0.0.1:33418/callback')).toBe('127.0.0.1:33418');
    expect(redirectHostOf('https://app.example.com/cb')).toBe('app.example.com');
    expect(redirectHostOf('com.example.app:/cb')).toBe('com.example.app:');
  });

  it('adds parameters after a query the URI has', () => {
    expect(withParameters('https://a.example/cb?x=1', { code: 'c d', state: undefined, iss: 'http://h' })).toBe('https://a.example/cb?x=1&code=c+d&iss=http%3A%2F%2Fh');
    expect(withParameters('https://a.example/cb', { error: 'e' })).toBe('https://a.example/cb?error=e');
  });
});

describe('PKCE S256', () => {
  it('matches RFC 7636 appendix B', () => {
    expect(s256ChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifierMatches('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
  });

  const verifier = fc.stringMatching(/^[A-Za-z0-9\-._~]{43,128}$/);

  it('takes a verifier with its own challenge, never with another (property)', () => {
    fc.assert(fc.property(verifier, verifier, (a, b) => {
      const challenge = createHash('sha256').update(a).digest('base64url');
      expect(isCodeChallenge(challenge)).toBe(true);
      expect(verifierMatches(a, challenge)).toBe(true);
      if (a !== b) expect(verifierMatches(b, challenge)).toBe(false);
    }));
  });

  it('refuses the plain method: the verifier as its own challenge', () => {
    const plain = 'a'.repeat(43);
    expect(verifierMatches(plain, plain)).toBe(false);
  });

  it('refuses verifiers too short, too long or with other characters', () => {
    for (const bad of ['a'.repeat(42), 'a'.repeat(129), `${'a'.repeat(42)}!`, `${'a'.repeat(42)} `]) {
      expect(verifierMatches(bad, s256ChallengeOf(bad))).toBe(false);
    }
  });
});

describe('scope parsing', () => {
  it.each([
    [undefined, 'read'], ['', 'read'], ['pages:read', 'read'], ['pages:write', 'write'],
    ['pages:read pages:write', 'write'], ['pages:write pages:read', 'write'], ['pages:read  pages:read', 'read'],
    ['pages:admin', null], ['pages:read openid', null], ['PAGES:READ', null], ['pages:read,pages:write', null],
  ])('%p is %p', (scope, expected) => {
    expect(parseScope(scope)).toBe(expected);
  });

  it('refuses any word not ours (property)', () => {
    fc.assert(fc.property(fc.array(fc.stringMatching(/^[!#-[\]-~]{1,12}$/), { minLength: 1, maxLength: 4 }), (words) => {
      const ours = words.every((word) => word === 'pages:read' || word === 'pages:write');
      expect(parseScope(words.join(' ')) === null).toBe(!ours);
    }));
  });
});

describe('client authentication parsing', () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

  it('reads Basic with form-urlencoded id and secret (RFC 6749 §2.3.1)', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), fc.string(), (id, secret) => {
      expect(basicCredentials(basic(id, secret))).toEqual({ clientId: id, clientSecret: secret });
    }));
    expect(basicCredentials(`Basic ${Buffer.from('a+b:c%2Bd').toString('base64')}`)).toEqual({ clientId: 'a b', clientSecret: 'c+d' });
  });

  it('refuses malformed Basic', () => {
    for (const header of ['Basic', 'Basic !!!', `Basic ${Buffer.from('nocolon').toString('base64')}`, `Basic ${Buffer.from(':secret').toString('base64')}`, `Basic ${Buffer.from('%zz:x').toString('base64')}`]) {
      expect(basicCredentials(header)).toBeNull();
    }
  });

  it('tells the three methods apart, and refuses two at once', () => {
    expect(presentedClient(basic('c', 's'), undefined, undefined)).toEqual({ method: 'client_secret_basic', clientId: 'c', clientSecret: 's' });
    expect(presentedClient(basic('c', 's'), 'c', undefined)).toEqual({ method: 'client_secret_basic', clientId: 'c', clientSecret: 's' });
    expect(presentedClient(undefined, 'c', 's')).toEqual({ method: 'client_secret_post', clientId: 'c', clientSecret: 's' });
    expect(presentedClient(undefined, 'c', undefined)).toEqual({ method: 'none', clientId: 'c' });
    expect(presentedClient(basic('c', 's'), 'c', 's')).toEqual({ method: null, basicTried: true });
    expect(presentedClient(basic('c', 's'), 'other', undefined)).toEqual({ method: null, basicTried: true });
    expect(presentedClient('Bearer kbp_x', 'c', undefined)).toEqual({ method: null, basicTried: true });
    expect(presentedClient(undefined, undefined, 's')).toEqual({ method: null, basicTried: false });
  });
});

describe('client metadata', () => {
  it('defaults to client_secret_basic, both grant types (every client may refresh) and code', () => {
    expect(checkClientMetadata({ redirect_uris: ['https://a.example/cb'] })).toEqual({
      ok: { redirectUris: ['https://a.example/cb'], clientName: UNNAMED_CLIENT, tokenEndpointAuthMethod: 'client_secret_basic', grantTypes: ['authorization_code', 'refresh_token'], responseTypes: ['code'] },
    });
  });

  it.each([
    ['no redirect_uris', {}, 'invalid_redirect_uri'],
    ['empty redirect_uris', { redirect_uris: [] }, 'invalid_redirect_uri'],
    ['a bad redirect URI', { redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
    ['an unknown auth method', { redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata'],
    ['the implicit grant', { redirect_uris: ['https://a.example/cb'], grant_types: ['implicit'] }, 'invalid_client_metadata'],
    ['client_credentials', { redirect_uris: ['https://a.example/cb'], grant_types: ['authorization_code', 'client_credentials'] }, 'invalid_client_metadata'],
    ['response type token', { redirect_uris: ['https://a.example/cb'], response_types: ['token'] }, 'invalid_client_metadata'],
    ['a name of control characters', { redirect_uris: ['https://a.example/cb'], client_name: 'a\nb' }, 'invalid_client_metadata'],
    ['a name too long', { redirect_uris: ['https://a.example/cb'], client_name: 'x'.repeat(101) }, 'invalid_client_metadata'],
    ['an array body', [], 'invalid_client_metadata'],
  ])('refuses %s', (_label, body, error) => {
    expect(checkClientMetadata(body)).toEqual({ error, description: expect.any(String) });
  });
});
